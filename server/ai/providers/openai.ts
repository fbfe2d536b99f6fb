import { createOpenAI } from '@ai-sdk/openai';
import type { FetchFunction, ProviderSettings, ResolvedModel } from './model.ts';
import { OPENAI_DEFAULT_MODEL } from './defaults.ts';

export function openAiModel(settings: ProviderSettings, fetch?: FetchFunction): ResolvedModel {
  const modelId = settings.model ?? OPENAI_DEFAULT_MODEL;
  const provider = createOpenAI({
    // Always passed explicitly: the SDK would otherwise read OPENAI_API_KEY itself, and env.ts is
    // the only reader of the environment.
    apiKey: settings.apiKey ?? '',
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
    ...(fetch ? { fetch } : {}),
  });
  return {
    model: provider(modelId),
    modelId,
    // OpenAI's strict mode rejects optional fields, which our contracts use; we validate every
    // answer with zod anyway and repair once, so the non-strict mode loses nothing.
    providerOptions: { openai: { strictJsonSchema: false } },
  };
}
