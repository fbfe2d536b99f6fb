import type { CoachEngine } from '#contracts/coach.ts';
import { ANTHROPIC_DEFAULT_MODEL, OPENAI_DEFAULT_MODEL } from './providers/defaults.ts';
import { type AiSettings, aiSettingsProblems } from './settings.ts';

/**
 * The coach's engine, chosen at run time by an admin among the engines whose settings are present
 * (ADR 037). AI_ENGINE stays the default; the choice is a row in system_settings that every
 * gateway reads at call time through `current()`, cached for `ttlMs` and forgotten at once in the
 * process that changes it, so a switch applies on the next call without a restart (other
 * processes, such as a separate worker, follow within `ttlMs`).
 */

export const ENGINE_CHOICE_KEY = 'ai.engine_choice';

/** The row's value: which engine, when and by whom. */
export interface StoredEngineChoice {
  engine: CoachEngine;
  chosenAt: string;
  chosenBy: string | null;
}

export interface EngineChoiceDeps {
  /** The settings AI_* make (the configured engine). */
  configured: AiSettings;
  /** Reads the stored choice (null when none); a malformed value counts as none. */
  read: () => Promise<unknown>;
  ttlMs?: number;
  /** Monotonic milliseconds for the cache (tests move it). */
  now?: () => number;
}

/** The model an engine's calls are recorded under when its settings name none. */
export function modelOf(settings: Pick<AiSettings, 'engine' | 'model'>): string {
  if (settings.engine === 'offline') return 'offline';
  if (settings.model) return settings.model;
  if (settings.engine === 'openai') return OPENAI_DEFAULT_MODEL;
  if (settings.engine === 'anthropic') return ANTHROPIC_DEFAULT_MODEL;
  return settings.engine;
}

/**
 * The settings of every engine that can run with what AI_* hold: the offline engine always, the
 * configured one, and an OpenAI-compatible server when AI_BASE_URL and AI_MODEL are set. OpenAI
 * and Anthropic only as the configured engine: one AI_API_KEY belongs to one provider.
 */
export function availableEngineSettings(configured: AiSettings): AiSettings[] {
  const { timeoutMs } = configured;
  const offline: AiSettings = { engine: 'offline', timeoutMs };
  const engines: AiSettings[] = [offline];
  if (configured.engine !== 'offline') engines.push(configured);
  if (configured.engine !== 'openai-compatible' && configured.baseUrl && configured.model) {
    const compatible: AiSettings = {
      engine: 'openai-compatible',
      model: configured.model,
      baseUrl: configured.baseUrl,
      ...(configured.apiKey ? { apiKey: configured.apiKey } : {}),
      timeoutMs,
    };
    if (aiSettingsProblems(compatible).length === 0) engines.push(compatible);
  }
  return engines;
}

function parseStored(value: unknown): StoredEngineChoice | null {
  if (typeof value !== 'object' || value === null) return null;
  const { engine, chosenAt, chosenBy } = value as Record<string, unknown>;
  if (typeof engine !== 'string' || typeof chosenAt !== 'string') return null;
  return {
    engine: engine as CoachEngine,
    chosenAt,
    chosenBy: typeof chosenBy === 'string' ? chosenBy : null,
  };
}

export function createEngineChoice(deps: EngineChoiceDeps) {
  const ttlMs = deps.ttlMs ?? 10_000;
  const now = deps.now ?? (() => performance.now());
  const available = availableEngineSettings(deps.configured);
  const settingsFor = (engine: CoachEngine): AiSettings | null =>
    available.find((settings) => settings.engine === engine) ?? null;

  let cached: { at: number; stored: StoredEngineChoice | null } | null = null;
  let loading: Promise<StoredEngineChoice | null> | null = null;

  async function stored(): Promise<StoredEngineChoice | null> {
    if (cached && now() - cached.at < ttlMs) return cached.stored;
    loading ??= deps
      .read()
      .then((value) => {
        const parsed = parseStored(value);
        cached = { at: now(), stored: parsed };
        return parsed;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    configured: deps.configured,
    /** Every engine an admin may choose, the configured one among them. */
    available: () => available,
    settingsFor,
    /** The stored choice as written (it may name an engine no longer available). */
    stored,
    /**
     * The settings the next call uses: the stored choice while its engine is available, else the
     * configured engine. A failed read keeps the last known choice (or the configured engine).
     */
    async current(): Promise<AiSettings> {
      let choice: StoredEngineChoice | null;
      try {
        choice = await stored();
      } catch {
        choice = cached?.stored ?? null;
      }
      return (choice && settingsFor(choice.engine)) ?? deps.configured;
    },
    /** Forgets the cached choice: called after a change is committed. */
    invalidate(): void {
      cached = null;
    },
  };
}

export type EngineChoice = ReturnType<typeof createEngineChoice>;
