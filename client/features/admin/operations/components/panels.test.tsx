import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiAdmin } from '#contracts/admin-operations.ts';
import { fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { AiPanel } from './ai-panel.tsx';
import { AuditPanel } from './audit-panel.tsx';
import { BroadcastPanel } from './broadcast-panel.tsx';
import { SystemPanel } from './system-panel.tsx';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));
// The charts are drawn by Recharts in the browser; here only their tables are read.
vi.mock('./chart-slot.tsx', () => ({ StackedBarsChart: () => null }));

afterEach(() => vi.unstubAllGlobals());

const offline = { engine: 'offline', model: 'offline', configured: true } as const;
const compatible = { engine: 'openai-compatible', model: 'llama3.1', configured: false } as const;

function ai(active: AiAdmin['active']): AiAdmin {
  return {
    configured: offline,
    active,
    available: [offline, compatible],
    choice: null,
    period: '30d',
    usage: [
      {
        engine: 'offline',
        calls: 3,
        inputTokens: 0,
        outputTokens: 0,
        averageLatencyMs: 4,
        fallbacks: 0,
        crisis: 1,
      },
      {
        engine: 'openai-compatible',
        calls: 2,
        inputTokens: 1200,
        outputTokens: 300,
        averageLatencyMs: 850,
        fallbacks: 1,
        crisis: 0,
      },
    ],
  };
}

describe('admin operations panels', () => {
  it('AI: switches to another available engine with the keyboard and shows usage per engine', async () => {
    let active: AiAdmin['active'] = offline;
    const api = fakeApi({
      'GET /api/admin/ai': () => ({ body: ai(active) }),
      'PUT /api/admin/ai/engine': (call) => {
        active = compatible;
        expect(call.body).toEqual({ engine: 'openai-compatible' });
        return { body: compatible };
      },
    });
    renderScreen(<AiPanel />);
    const table = await screen.findByRole('region', { name: 'AI usage per engine' });
    const row = within(table).getByRole('row', { name: /OpenAI-compatible server/ });
    expect(within(row).getByText('1,200')).toBeInTheDocument();
    expect(within(row).getByText('1 (50%)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use this engine' })).toBeDisabled();

    const user = userEvent.setup();
    screen.getByRole('radio', { name: /Offline coach/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /OpenAI-compatible server/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Use this engine' }));
    expect(
      await screen.findByText('The coaches now use OpenAI-compatible server · llama3.1.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/admin/ai').length).toBeGreaterThan(1));
  });

  it('AI: says why an engine was refused', async () => {
    fakeApi({
      'GET /api/admin/ai': () => ({ body: ai(offline) }),
      'PUT /api/admin/ai/engine': () => ({
        status: 409,
        body: {
          error: { code: 'conflict', message: 'Set AI_BASE_URL and AI_MODEL.', requestId: 'r' },
        },
      }),
    });
    renderScreen(<AiPanel />);
    await userEvent.click(await screen.findByRole('radio', { name: /OpenAI-compatible server/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Use this engine' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Set AI_BASE_URL and AI_MODEL.');
  });

  it('Broadcast: asks for confirmation, then sends to the chosen role only', async () => {
    const api = fakeApi({
      'POST /api/admin/broadcasts': () => ({
        body: { audience: 'coach', recipients: 3, notified: 2 },
      }),
    });
    renderScreen(<BroadcastPanel />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Audience'), 'coach');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(api.calls).toHaveLength(0);
    await user.type(screen.getByLabelText('Title'), 'Meeting');
    await user.type(screen.getByLabelText('Message'), 'Thursday at six.');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Send “Meeting” to coaches?');
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(
      await screen.findByText('Sent to 2 accounts (1 turned these notifications off).'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/broadcasts')[0]?.body).toEqual({
      audience: 'coach',
      title: 'Meeting',
      message: 'Thursday at six.',
    });
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('Audit: sends only the filters given and pages on with the cursor', async () => {
    const entry = (id: number) => ({
      id,
      action: 'ai_engine_chosen',
      actorType: 'user',
      actorEmail: 'admin@example.com',
      userEmail: null,
      ip: null,
      details: { to: 'offline' },
      createdAt: '2025-03-03T08:00:00.000Z',
    });
    const api = fakeApi({
      'GET /api/admin/audit': (call) => ({
        body: call.url.includes('cursor=')
          ? { entries: [entry(1)], nextCursor: null }
          : { entries: [entry(3), entry(2)], nextCursor: '2' },
      }),
    });
    renderScreen(<AuditPanel />);
    const list = await screen.findByRole('list', { name: 'Audit log entries' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    await user.type(screen.getByLabelText('Action'), 'ai_engine_chosen');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.url).toBe('/api/admin/audit?limit=50&action=ai_engine_chosen'),
    );
  });

  it('System: an error says so and tries again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/admin/system': () =>
        fail
          ? {
              status: 503,
              body: { error: { code: 'unavailable', message: 'Down.', requestId: 'r' } },
            }
          : {
              body: {
                version: '1.2.3',
                database: { kind: 'postgres', label: 'PostgreSQL' },
                readiness: { reachable: true, migrated: true },
                migrations: {
                  committed: 1,
                  applied: [{ tag: '0000_init', createdAt: '2025-01-01T00:00:00.000Z' }],
                  pending: [],
                },
                worker: { mode: 'off', tickMs: 15000, lastTickAt: null },
                queue: [],
                transports: [{ channel: 'email', transport: 'smtp', configured: true }],
              },
            },
    });
    renderScreen(<SystemPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The system status could not load');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('PostgreSQL')).toBeInTheDocument();
    expect(screen.getByText('No pass reported yet')).toBeInTheDocument();
    expect(screen.getByText('Nothing is waiting to be sent.')).toBeInTheDocument();
    expect(screen.getByText('Configured')).toBeInTheDocument();
  });
});
