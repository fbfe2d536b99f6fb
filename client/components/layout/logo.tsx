import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 rounded-lg font-semibold tracking-tight">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path
          d="M9 24V13m7 11V8m7 16V16M6 24h20M9 13l7-5 7 8"
          fill="none"
          className="stroke-primary-foreground"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg">Trellis</span>
    </Link>
  );
}
