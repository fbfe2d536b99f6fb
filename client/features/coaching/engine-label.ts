import type { CoachEngine } from '#contracts/coach.ts';

/** Who answered, as a label on a reply: "Offline coach", "OpenAI gpt-4o-mini". */
export function engineLabel(engine: CoachEngine, model: string | null): string {
  switch (engine) {
    case 'offline':
      return 'Offline coach';
    case 'openai':
      return model ? `OpenAI ${model}` : 'OpenAI';
    case 'anthropic':
      return model ? `Anthropic ${model}` : 'Anthropic';
    case 'openai-compatible':
      return model ? `${model} (OpenAI-compatible)` : 'An OpenAI-compatible model';
  }
}

/** The engine in a sentence: "the built-in offline coach", "OpenAI gpt-4o-mini". */
export function engineInSentence(engine: CoachEngine, model: string | null): string {
  return engine === 'offline' ? 'the built-in offline coach' : engineLabel(engine, model);
}
