import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';
import { projectRoot } from './paths.ts';

/** The settings server/env.ts declares, read from its source so the list cannot drift. */
function declaredSettings(): string[] {
  const source = readFileSync(join(projectRoot, 'server/env.ts'), 'utf8');
  return [...source.matchAll(/^\s{4}([A-Z][A-Z0-9_]+):\s/gm)].map((match) => match[1] ?? '');
}

describe('settings', () => {
  it('documents every setting in the README and in .env.example', () => {
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    const example = readFileSync(join(projectRoot, '.env.example'), 'utf8');
    const settings = declaredSettings();
    expect(settings.length).toBeGreaterThan(10);
    expect(settings.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    expect(settings.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
  });

  it('starts with no settings at all', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('lists every bad setting at once, each with what is wrong', () => {
    let caught: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://db', LOG_LEVEL: 'loud' });
    } catch (error: unknown) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems;
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_URL:') && p.includes('postgres://'))).toBe(
      true,
    );
    expect(problems.some((p) => p.startsWith('LOG_LEVEL:'))).toBe(true);
  });

  it('treats an empty value as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });
});
