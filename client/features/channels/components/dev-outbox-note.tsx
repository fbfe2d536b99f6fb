import { FlaskConical } from 'lucide-react';
import { ChannelNote } from './channel-card.tsx';

/** Said under a channel whose provider this server has no settings for. */
export function DevOutboxNote() {
  return (
    <ChannelNote icon={<FlaskConical aria-hidden="true" />}>
      Not configured on this server: messages go to the dev outbox (admins can read it).
    </ChannelNote>
  );
}
