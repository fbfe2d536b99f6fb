import type { generateText, LanguageModel } from 'ai';

type ProviderOptions = Parameters<typeof generateText>[0]['providerOptions'];

/** A model ready for generateText, with what the gateway records and any provider options. */
export interface ResolvedModel {
  model: LanguageModel;
  modelId: string;
  providerOptions?: ProviderOptions;
}

/** Passed to the provider SDKs; tests use it to answer without a network. */
export type FetchFunction = typeof globalThis.fetch;

export interface ProviderSettings {
  model?: string;
  apiKey?: string;
  baseUrl?: string;
}
