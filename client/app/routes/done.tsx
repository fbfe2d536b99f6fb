import { DoneLink } from '#client/features/links/components/done-link.tsx';

export function DonePage() {
  return <DoneLink />;
}
