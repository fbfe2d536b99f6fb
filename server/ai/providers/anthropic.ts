import { createAnthropic } from '@ai-sdk/anthropic';
import type { FetchFunction, ProviderSettings, ResolvedModel } from './model.ts';
import { ANTHROPIC_DEFAULT_MODEL } from './defaults.ts';

export function anthropicModel(settings: ProviderSettings, fetch?: FetchFunction): ResolvedModel {
  const modelId = settings.model ?? ANTHROPIC_DEFAULT_MODEL;
  const provider = createAnthropic({
    // Explicit, so the SDK never falls back to reading ANTHROPIC_API_KEY on its own.
    apiKey: settings.apiKey ?? '',
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
    ...(fetch ? { fetch } : {}),
  });
  return { model: provider(modelId), modelId };
}
