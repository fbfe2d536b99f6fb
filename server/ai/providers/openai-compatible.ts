import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { FetchFunction, ProviderSettings, ResolvedModel } from './model.ts';

/**
 * Any server that speaks OpenAI's chat completions API: Ollama (http://localhost:11434/v1),
 * LM Studio (http://localhost:1234/v1), vLLM, OpenRouter (https://openrouter.ai/api/v1).
 */
export function openAiCompatibleModel(
  settings: ProviderSettings,
  fetch?: FetchFunction,
): ResolvedModel {
  if (!settings.baseUrl || !settings.model) {
    throw new Error('The openai-compatible engine needs a base URL and a model');
  }
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: settings.baseUrl,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    // Ollama, LM Studio, vLLM and OpenRouter accept a JSON schema as response_format; without
    // this the SDK would only ask for "some JSON" and leave the shape to the prompt.
    supportsStructuredOutputs: true,
    ...(fetch ? { fetch } : {}),
  });
  return { model: provider.chatModel(settings.model), modelId: settings.model };
}
