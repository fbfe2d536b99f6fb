import { describe, expect, it } from 'vitest';
import {
  ago,
  auditSearch,
  channelRows,
  emptyAuditFilters,
  engineTitle,
  failureRate,
  isFiltered,
  usageRows,
  workerHealth,
} from './operations-state.ts';

describe('admin operations state', () => {
  it('puts only the audit filters given in the query', () => {
    expect(auditSearch(emptyAuditFilters, null, 50).toString()).toBe('limit=50');
    expect(
      auditSearch(
        {
          ...emptyAuditFilters,
          action: ' user_deleted ',
          user: 'ada@example.com',
          to: '2025-03-01',
        },
        '42',
        20,
      ).toString(),
    ).toBe('limit=20&action=user_deleted&user=ada%40example.com&to=2025-03-01&cursor=42');
    expect(isFiltered(emptyAuditFilters)).toBe(false);
    expect(isFiltered({ ...emptyAuditFilters, actor: 'x' })).toBe(true);
  });

  it('groups delivery counts per channel, every channel present', () => {
    const rows = channelRows([
      { channel: 'email', status: 'sent', count: 3 },
      { channel: 'email', status: 'opened', count: 2 },
      { channel: 'email', status: 'failed', count: 1 },
      { channel: 'sms', status: 'queued', count: 4 },
      { channel: 'sms', status: 'skipped', count: 1 },
    ]);
    expect(rows).toEqual([
      { channel: 'email', delivered: 5, waiting: 0, failed: 1, skipped: 0, total: 6 },
      { channel: 'sms', delivered: 0, waiting: 4, failed: 0, skipped: 1, total: 5 },
      { channel: 'push', delivered: 0, waiting: 0, failed: 0, skipped: 0, total: 0 },
    ]);
    expect(failureRate(rows)).toBeCloseTo(1 / 6);
    expect(failureRate(channelRows([]))).toBeNull();
  });

  it('tells a worker that stopped passing from one that runs', () => {
    const now = new Date('2025-03-03T12:00:00Z');
    expect(workerHealth(null, 15_000, now)).toBe('never');
    expect(workerHealth('2025-03-03T11:59:30Z', 15_000, now)).toBe('ok');
    expect(workerHealth('2025-03-03T11:58:00Z', 15_000, now)).toBe('late');
    expect(workerHealth('2025-03-03T11:50:00Z', 300_000, now)).toBe('ok');
  });

  it('says how long ago in words', () => {
    const now = new Date('2025-03-03T12:00:00Z');
    expect(ago('2025-03-03T11:59:59Z', now)).toBe('1 second ago');
    expect(ago('2025-03-03T11:55:00Z', now)).toBe('5 minutes ago');
    expect(ago('2025-03-03T09:00:00Z', now)).toBe('3 hours ago');
    expect(ago('2025-02-27T12:00:00Z', now)).toBe('4 days ago');
  });

  it('names engines and shares the calls among them', () => {
    expect(engineTitle('offline', 'offline')).toBe('Offline coach');
    expect(engineTitle('openai', 'gpt-4.1-mini')).toBe('OpenAI · gpt-4.1-mini');
    const rows = usageRows([
      {
        engine: 'offline',
        calls: 3,
        inputTokens: 0,
        outputTokens: 0,
        averageLatencyMs: 5,
        fallbacks: 0,
        crisis: 1,
      },
      {
        engine: 'openai',
        calls: 1,
        inputTokens: 100,
        outputTokens: 50,
        averageLatencyMs: 900,
        fallbacks: 1,
        crisis: 0,
      },
    ]);
    expect(rows.map((r) => [r.label, r.share, r.fallbackRate, r.tokens])).toEqual([
      ['Offline coach', 0.75, 0, 0],
      ['OpenAI', 0.25, 1, 150],
    ]);
  });
});
