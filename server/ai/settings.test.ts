import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '#server/env.ts';
import { aiSettingsFromEnv } from './settings.ts';

function problems(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
}

describe('AI settings in env.ts', () => {
  it('default to the offline engine with a 20 s timeout', () => {
    expect(aiSettingsFromEnv(loadEnv({}))).toEqual({ engine: 'offline', timeoutMs: 20_000 });
  });

  it('take a model engine with its key, model and URL', () => {
    const env = loadEnv({
      AI_ENGINE: 'openai-compatible',
      AI_BASE_URL: 'http://localhost:11434/v1',
      AI_MODEL: 'llama3.1',
      AI_TIMEOUT_MS: '45000',
    });
    expect(aiSettingsFromEnv(env)).toEqual({
      engine: 'openai-compatible',
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1',
      timeoutMs: 45_000,
    });
    expect(
      aiSettingsFromEnv(loadEnv({ AI_ENGINE: 'anthropic', AI_API_KEY: 'sk-ant-test' })),
    ).toEqual({
      engine: 'anthropic',
      apiKey: 'sk-ant-test',
      timeoutMs: 20_000,
    });
  });

  it('require a key for openai and anthropic', () => {
    expect(problems({ AI_ENGINE: 'openai' })).toEqual([
      'AI_API_KEY: is required when the engine is openai',
    ]);
    expect(problems({ AI_ENGINE: 'anthropic', AI_API_KEY: '' })).toEqual([
      'AI_API_KEY: is required when the engine is anthropic',
    ]);
  });

  it('require a base URL and a model for openai-compatible', () => {
    expect(problems({ AI_ENGINE: 'openai-compatible' })).toEqual([
      'AI_BASE_URL: is required when the engine is openai-compatible (e.g. http://localhost:11434/v1 for Ollama)',
      'AI_MODEL: is required when the engine is openai-compatible (e.g. llama3.1)',
    ]);
  });

  it('list every bad setting in one message, AI and others together', () => {
    const found = problems({
      AI_ENGINE: 'openai-compatible',
      AI_BASE_URL: 'localhost:11434',
      AI_TIMEOUT_MS: '5',
      LOG_LEVEL: 'loud',
    });
    expect(found).toHaveLength(4);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^LOG_LEVEL: /),
        'AI_BASE_URL: must be an http(s) URL such as http://localhost:11434/v1',
        expect.stringMatching(/^AI_TIMEOUT_MS: /),
        'AI_MODEL: is required when the engine is openai-compatible (e.g. llama3.1)',
      ]),
    );
  });

  it('reject an unknown engine by listing the choices', () => {
    expect(problems({ AI_ENGINE: 'ollama' })).toEqual([
      'AI_ENGINE: Invalid option: expected one of "offline"|"openai"|"anthropic"|"openai-compatible"',
    ]);
  });
});
