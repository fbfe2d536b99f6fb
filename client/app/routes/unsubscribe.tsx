import { UnsubscribeLink } from '#client/features/links/components/unsubscribe-link.tsx';

export function UnsubscribePage() {
  return <UnsubscribeLink />;
}
