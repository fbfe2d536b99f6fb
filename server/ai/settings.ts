import type { CoachEngine } from '#contracts/coach.ts';

/** How the gateway reaches a model; built from the AI_* settings in env.ts. */
export interface AiSettings {
  engine: CoachEngine;
  model?: string;
  apiKey?: string;
  /** OpenAI-compatible servers (Ollama, LM Studio, vLLM, OpenRouter); also overrides OpenAI's and Anthropic's URL. */
  baseUrl?: string;
  /** One budget for the whole call, repair included. */
  timeoutMs: number;
}

export interface AiSettingsProblem {
  field: 'apiKey' | 'baseUrl' | 'model';
  message: string;
}

/**
 * What each engine needs to work. env.ts reports these at start-up (next to every other bad
 * setting) and the gateway refuses settings that break them, so a misconfigured engine never
 * silently becomes the offline one.
 */
export function aiSettingsProblems(
  settings: Pick<AiSettings, 'engine' | 'model' | 'apiKey' | 'baseUrl'>,
): AiSettingsProblem[] {
  const problems: AiSettingsProblem[] = [];
  if ((settings.engine === 'openai' || settings.engine === 'anthropic') && !settings.apiKey) {
    problems.push({
      field: 'apiKey',
      message: `is required when the engine is ${settings.engine}`,
    });
  }
  if (settings.engine === 'openai-compatible') {
    if (!settings.baseUrl) {
      problems.push({
        field: 'baseUrl',
        message:
          'is required when the engine is openai-compatible (e.g. http://localhost:11434/v1 for Ollama)',
      });
    }
    if (!settings.model) {
      problems.push({
        field: 'model',
        message: 'is required when the engine is openai-compatible (e.g. llama3.1)',
      });
    }
  }
  return problems;
}

/** Throws when the settings break what their engine needs (the gateway refuses them). */
export function assertAiSettings(
  settings: Pick<AiSettings, 'engine' | 'model' | 'apiKey' | 'baseUrl'>,
): void {
  const problems = aiSettingsProblems(settings);
  if (problems.length > 0) {
    throw new Error(
      `AI settings are incomplete: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
    );
  }
}

/** The AI_* settings as env.ts parses them (declared here because env.ts imports this file). */
interface AiEnv {
  AI_ENGINE: CoachEngine;
  AI_MODEL?: string | undefined;
  AI_API_KEY?: string | undefined;
  AI_BASE_URL?: string | undefined;
  AI_TIMEOUT_MS: number;
}

export function aiSettingsFromEnv(env: AiEnv): AiSettings {
  return {
    engine: env.AI_ENGINE,
    ...(env.AI_MODEL ? { model: env.AI_MODEL } : {}),
    ...(env.AI_API_KEY ? { apiKey: env.AI_API_KEY } : {}),
    ...(env.AI_BASE_URL ? { baseUrl: env.AI_BASE_URL } : {}),
    timeoutMs: env.AI_TIMEOUT_MS,
  };
}
