import type { ConversationAi } from './conversation.ts';
import type { ConversationGatewayDeps } from './conversation-gateway.ts';
import type { AiGateway, AiGatewayDeps } from './gateway.ts';
import { checkInOffline, previewOffline } from './offline/conversation/check-in.ts';
import { assertAiSettings } from './settings.ts';

/**
 * The gateways as the app holds them: the AI SDK, its providers and the offline engine's language
 * tools (compromise, chrono) are loaded on the first coach call, not at start-up, where they cost
 * about a second and 100 MB that most starts never use. The settings are still checked now, so a
 * misconfigured engine stops the start as before.
 */
export function createLazyAiGateway(deps: AiGatewayDeps): AiGateway {
  assertAiSettings(deps.settings);
  const gateway = lazily(() =>
    import('./gateway.ts').then(({ createAiGateway }) => createAiGateway(deps)),
  );
  return {
    refineGoal: async (input, options) => (await gateway()).refineGoal(input, options),
    breakDownGoal: async (input, options) => (await gateway()).breakDownGoal(input, options),
  };
}

/**
 * The conversation's gateway, loaded on the first chat, reflection or consultation. The preview
 * and the check-ins are the offline engine's, synchronous, and need none of it.
 */
export function createLazyConversationGateway(deps: ConversationGatewayDeps): ConversationAi {
  assertAiSettings(deps.settings);
  const gateway = lazily(() =>
    import('./conversation-gateway.ts').then(({ createConversationGateway }) =>
      createConversationGateway(deps),
    ),
  );
  return {
    coachReply: async (input, context) => (await gateway()).coachReply(input, context),
    reflect: async (input, context) => (await gateway()).reflect(input, context),
    teamConsult: async (input, context) => (await gateway()).teamConsult(input, context),
    preview: (input) => previewOffline(input),
    checkIn: (input) => checkInOffline(input),
  };
}

/** Loads once; a failed load is tried again on the next call. */
function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
