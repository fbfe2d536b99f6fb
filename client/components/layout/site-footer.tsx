import { Link } from 'react-router';
import { paths } from '#client/lib/paths.ts';
import { Logo } from './logo.tsx';

const columns = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: paths.features },
      { label: 'Pricing', to: paths.pricing },
      { label: 'Help', to: paths.help },
      { label: 'FAQ', to: paths.faq },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: paths.about },
      { label: 'Blog', to: paths.blog },
      { label: 'Careers', to: paths.careers },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', to: paths.privacy },
      { label: 'Terms', to: paths.terms },
      { label: 'GDPR', to: paths.gdpr },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-3 text-sm text-muted-foreground">
            AI coaching that turns the goals you declare into a plan, and the plan into today's top
            three.
          </p>
        </div>
        <div className="grid grid-cols-3 gap-6 sm:gap-8">
          {columns.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-sm font-semibold">{column.title}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          © 2025 Trellis. Self-hostable coaching for the goals that matter to you.
        </p>
      </div>
    </footer>
  );
}
