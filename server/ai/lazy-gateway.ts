import type { CoachEngine } from '#contracts/coach.ts';
import type { ConversationAi } from './conversation.ts';
import type { ConversationGatewayDeps } from './conversation-gateway.ts';
import type { AiGateway, AiGatewayDeps } from './gateway.ts';
import { checkInOffline, previewOffline } from './offline/conversation/check-in.ts';
import { type AiSettings, assertAiSettings } from './settings.ts';

/**
 * Which engine's settings the next call uses (the admins' runtime choice, ADR 037: engine-choice.ts
 * `current`). Read at every call, cheaply (cached); without it, `settings` always.
 */
type CurrentSettings = () => Promise<AiSettings>;

/**
 * The gateways as the app holds them: the AI SDK, its providers and the offline engine's language
 * tools (compromise, chrono) are loaded on the first coach call, not at start-up, where they cost
 * about a second and 100 MB that most starts never use. The settings are still checked now, so a
 * misconfigured engine stops the start as before. Each call asks `current` for the engine in use
 * and goes to that engine's gateway, made on its first call and kept.
 */
export function createLazyAiGateway(
  deps: AiGatewayDeps & { current?: CurrentSettings },
): AiGateway {
  assertAiSettings(deps.settings);
  const gateway = perEngine(deps, (settings) =>
    import('./gateway.ts').then(({ createAiGateway }) => createAiGateway({ ...deps, settings })),
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
export function createLazyConversationGateway(
  deps: ConversationGatewayDeps & { current?: CurrentSettings },
): ConversationAi {
  assertAiSettings(deps.settings);
  const gateway = perEngine(deps, (settings) =>
    import('./conversation-gateway.ts').then(({ createConversationGateway }) =>
      createConversationGateway({ ...deps, settings }),
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

/** The gateway of the engine in use now: one per engine, each loaded once. */
function perEngine<T>(
  deps: { settings: AiSettings; current?: CurrentSettings },
  make: (settings: AiSettings) => Promise<T>,
): () => Promise<T> {
  const gateways = new Map<CoachEngine, () => Promise<T>>();
  return async () => {
    const settings = deps.current ? await deps.current() : deps.settings;
    let gateway = gateways.get(settings.engine);
    if (!gateway) {
      gateway = lazily(() => make(settings));
      gateways.set(settings.engine, gateway);
    }
    return gateway();
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
