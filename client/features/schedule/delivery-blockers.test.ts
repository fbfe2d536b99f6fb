import { describe, expect, it } from 'vitest';
import {
  makeChannels,
  makePreviewItem,
  makeSchedule,
  scheduleAnswer,
} from '#client/test/delivery-fixtures.ts';
import { confirmEmailAdvice, deliveryBlockers } from './delivery-blockers.ts';

const unconfirmed = makeChannels({
  email: { enabled: true, address: 'ada@example.com', confirmed: false, unsubscribedAt: null },
});
const held = [makePreviewItem({ inactive: true })];

describe('deliveryBlockers', () => {
  it('is empty while a delivery is on its way', () => {
    expect(
      deliveryBlockers(scheduleAnswer(makeSchedule(), [makePreviewItem()]), unconfirmed),
    ).toEqual([]);
  });

  it('names the pause alone: nothing else matters until deliveries resume', () => {
    const blockers = deliveryBlockers(
      scheduleAnswer(makeSchedule({ paused: true }), held),
      unconfirmed,
    );
    expect(blockers.map((b) => b.key)).toEqual(['paused']);
  });

  it('lists every blocker at once: the unconfirmed address and the unsaved times', () => {
    const blockers = deliveryBlockers(
      scheduleAnswer(makeSchedule({ saved: false }), held),
      unconfirmed,
    );
    expect(blockers.map((b) => b.key)).toEqual(['email_unconfirmed', 'unsaved']);
  });

  it('does not send to the times when the address is the only thing missing', () => {
    const blockers = deliveryBlockers(scheduleAnswer(makeSchedule(), held), unconfirmed);
    expect(blockers.map((b) => b.key)).toEqual(['email_unconfirmed']);
    expect(blockers[0]?.fix).toMatchObject({ kind: 'confirm_email', serverSendsEmail: false });
  });
});

describe('confirmEmailAdvice', () => {
  const fix = {
    kind: 'confirm_email',
    address: 'ada@example.com',
    serverSendsEmail: false,
    otherWays: [],
  } as const;

  it('offers a new link when the server sends email', () => {
    expect(confirmEmailAdvice({ ...fix, serverSendsEmail: true }, { admin: false })).toMatchObject({
      canResend: true,
      link: null,
    });
  });

  it('without email, sends an admin to the dev outbox and tells anyone else who can help', () => {
    expect(confirmEmailAdvice(fix, { admin: true }).link).toBe('outbox');
    const person = confirmEmailAdvice(fix, { admin: false });
    expect(person).toMatchObject({ canResend: false, link: null });
    expect(person.text).toBe(
      'This server cannot send email yet, so the confirmation link cannot reach you: ask the person who runs it to set up email.',
    );
  });
});
