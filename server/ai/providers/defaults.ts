// The models OpenAI's and Anthropic's engines use when AI_MODEL names none. Apart from the
// providers so the engine choice can name them without loading a provider SDK at start-up.
export const OPENAI_DEFAULT_MODEL = 'gpt-4.1-mini';
export const ANTHROPIC_DEFAULT_MODEL = 'claude-haiku-4-5';
