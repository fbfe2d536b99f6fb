import { describe, expect, it } from 'vitest';
import { availableEngineSettings, createEngineChoice, modelOf } from './engine-choice.ts';
import type { AiSettings } from './settings.ts';

const offline: AiSettings = { engine: 'offline', timeoutMs: 1000 };

describe('engine choice', () => {
  it('offers the offline engine, the configured one and a compatible server with its settings', () => {
    expect(availableEngineSettings(offline).map((s) => s.engine)).toEqual(['offline']);
    const openai: AiSettings = { engine: 'openai', apiKey: 'sk-x', timeoutMs: 1000 };
    expect(availableEngineSettings(openai).map((s) => s.engine)).toEqual(['offline', 'openai']);
    const both: AiSettings = {
      engine: 'offline',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1',
      timeoutMs: 1000,
    };
    expect(availableEngineSettings(both)).toEqual([
      offline,
      { engine: 'openai-compatible', baseUrl: both.baseUrl, model: 'llama3.1', timeoutMs: 1000 },
    ]);
    expect(modelOf(openai)).toBe('gpt-4.1-mini');
    expect(modelOf(both)).toBe('offline');
  });

  it('reads the stored choice at most once per TTL, and again at once after invalidate', async () => {
    let stored: unknown = null;
    let reads = 0;
    let clock = 0;
    const choice = createEngineChoice({
      configured: { engine: 'offline', baseUrl: 'http://x/v1', model: 'm', timeoutMs: 1000 },
      read: async () => {
        reads += 1;
        return stored;
      },
      ttlMs: 100,
      now: () => clock,
    });
    expect((await choice.current()).engine).toBe('offline');
    stored = { engine: 'openai-compatible', chosenAt: '2025-01-01T00:00:00.000Z', chosenBy: null };
    expect((await choice.current()).engine).toBe('offline');
    expect(reads).toBe(1);
    choice.invalidate();
    expect((await choice.current()).engine).toBe('openai-compatible');
    stored = { engine: 'offline', chosenAt: '2025-01-01T00:00:00.000Z', chosenBy: null };
    clock = 150;
    expect((await choice.current()).engine).toBe('offline');
    expect(reads).toBe(3);
  });

  it('keeps the configured engine when the stored one is no longer available or unreadable', async () => {
    const choice = createEngineChoice({
      configured: offline,
      read: async () => ({ engine: 'anthropic', chosenAt: '2025-01-01T00:00:00.000Z' }),
    });
    expect(await choice.current()).toEqual(offline);
    const broken = createEngineChoice({
      configured: offline,
      read: () => Promise.reject(new Error('database away')),
    });
    expect(await broken.current()).toEqual(offline);
  });
});
