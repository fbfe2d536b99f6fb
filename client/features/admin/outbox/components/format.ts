import type { OutboxMessage } from '#contracts/admin-outbox.ts';

export const formatTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A message's subject, or the first line of its text (SMS and push have no subject). */
export function titleOf(message: Pick<OutboxMessage, 'subject' | 'text'>): string {
  if (message.subject?.trim()) return message.subject.trim();
  const firstLine = message.text.split('\n').find((line) => line.trim()) ?? '';
  return firstLine.trim() || '(no text)';
}
