import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  outboxListSchema,
  outboxMessageSchema,
  type OutboxMessage,
} from '#contracts/admin-outbox.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { DevOutbox } from './dev-outbox.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

function message(index: number, overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return outboxMessageSchema.parse({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    channel: 'email',
    to: `person${index}@example.com`,
    subject: `Subject ${index}`,
    text: `Body of message ${index}`,
    link: null,
    template: 'delivery.top_three',
    createdAt: new Date(Date.UTC(2025, 2, 10, 12, 60 - index)).toISOString(),
    ...overrides,
  });
}

const list = (messages: OutboxMessage[], nextCursor: string | null = null) => ({
  body: outboxListSchema.parse({ messages, nextCursor }),
});

describe('DevOutbox', () => {
  it('lists messages newest first with their channel, recipient, subject or first line, template', async () => {
    fakeApi({
      'GET /api/admin/outbox': () =>
        list([
          message(1),
          message(2, {
            channel: 'sms',
            to: '+14155550123',
            subject: null,
            text: '\nToday: 1. Run 5 km\n2. Call Sam',
            template: null,
          }),
        ]),
    });
    renderScreen(<DevOutbox />);
    const rows = within(
      await screen.findByRole('list', { name: 'Messages in the dev outbox' }),
    ).getAllByRole('button');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Email');
    expect(rows[0]).toHaveTextContent('Subject 1');
    expect(rows[0]).toHaveTextContent('person1@example.com');
    expect(rows[0]).toHaveTextContent('delivery.top_three');
    expect(rows[1]).toHaveTextContent('SMS');
    expect(rows[1]).toHaveTextContent('Today: 1. Run 5 km');
    expect(rows[1]).not.toHaveTextContent('Call Sam');
  });

  it('filters by channel and by part of the recipient, and loads more with the cursor', async () => {
    const api = fakeApi({
      'GET /api/admin/outbox': (call) => {
        const query = new URL(call.url, 'http://x').searchParams;
        if (query.get('cursor') === 'page-2') return list([message(3)]);
        if (query.get('to')) return list([message(2, { to: 'ada@example.com' })]);
        return list([message(1)], 'page-2');
      },
    });
    renderScreen(<DevOutbox />);
    await screen.findByText('Subject 1');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Subject 3')).toBeInTheDocument();
    expect(screen.getByText('Subject 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'sms');
    await userEvent.type(screen.getByLabelText('Recipient'), ' ada ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
    const last = new URL(api.calls.at(-1)?.url ?? '', 'http://x').searchParams;
    expect(last.get('channel')).toBe('sms');
    expect(last.get('to')).toBe('ada');
    expect(
      api.calls.map((call) => new URL(call.url, 'http://x').searchParams.get('cursor')),
    ).toEqual(expect.arrayContaining([null, 'page-2']));
  });

  it('explains the outbox when it is empty, and offers to clear filters when nothing matches', async () => {
    fakeApi({ 'GET /api/admin/outbox': () => list([]) });
    renderScreen(<DevOutbox />);
    expect(await screen.findByText('The dev outbox is empty')).toBeInTheDocument();
    expect(
      screen.getByText(/Messages appear here when email, SMS or push is not configured/),
    ).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'push');
    expect(await screen.findByText('No messages match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all messages' }));
    expect(await screen.findByText('The dev outbox is empty')).toBeInTheDocument();
    expect(screen.getByLabelText('Channel')).toHaveValue('all');
  });

  it('shows a failure with a way to try again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/outbox': () =>
        fail
          ? {
              status: 403,
              body: { error: { code: 'forbidden', message: 'Admins only.', requestId: 'r' } },
            }
          : list([message(1)]),
    });
    renderScreen(<DevOutbox />);
    expect(await screen.findByText('Admins only.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Subject 1')).toBeInTheDocument();
  });

  it('opens a message: its link as a real link, its text, its HTML in a sandboxed frame', async () => {
    const recovery = message(1, {
      subject: 'Reset your password',
      template: 'auth.recovery',
      link: 'http://localhost:3000/auth/v1/verify?token=abc&type=recovery',
    });
    const api = fakeApi({
      'GET /api/admin/outbox': () => list([recovery]),
      [`GET /api/admin/outbox/${recovery.id}`]: () => ({
        body: {
          ...recovery,
          text: 'Follow this link to reset your password:\nhttp://localhost:3000/auth/v1/verify?token=abc',
          html: '<p>Reset <script>alert(1)</script><a href="x">here</a></p>',
        },
      }),
    });
    renderScreen(<DevOutbox />);
    await userEvent.click(await screen.findByRole('button', { name: /Reset your password/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    const link = await within(dialog).findByRole('link', { name: /verify\?token=abc/ });
    expect(link).toHaveAttribute(
      'href',
      'http://localhost:3000/auth/v1/verify?token=abc&type=recovery',
    );
    expect(link).toHaveAttribute('rel', 'noreferrer noopener');
    expect(within(dialog).getByText(/Follow this link to reset your password/)).toBeInTheDocument();
    const frame = within(dialog).getByTitle('HTML of “Reset your password”');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<script>alert(1)</script>');
    expect(api.callsTo(`GET /api/admin/outbox/${recovery.id}`)).toHaveLength(1);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves a link that is not a web address as text', async () => {
    const odd = message(1, { link: 'javascript:alert(1)' });
    fakeApi({
      'GET /api/admin/outbox': () => list([odd]),
      [`GET /api/admin/outbox/${odd.id}`]: () => ({ body: { ...odd, html: null } }),
    });
    renderScreen(<DevOutbox />);
    await userEvent.click(await screen.findByRole('button', { name: /Subject 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Subject 1' });
    expect(await within(dialog).findByText('javascript:alert(1)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    expect(within(dialog).queryByTitle(/HTML of/)).not.toBeInTheDocument();
  });
});
