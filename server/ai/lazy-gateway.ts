import type { AiGateway, AiGatewayDeps } from './gateway.ts';
import { assertAiSettings } from './settings.ts';

/**
 * The gateway as the app holds it: the AI SDK, its providers and the offline engine's language
 * tools (compromise, chrono) are loaded on the first coach call, not at start-up, where they cost
 * about a second and 100 MB that most starts never use. The settings are still checked now, so a
 * misconfigured engine stops the start as before.
 */
export function createLazyAiGateway(deps: AiGatewayDeps): AiGateway {
  assertAiSettings(deps.settings);
  let loading: Promise<AiGateway> | null = null;
  const gateway = () => {
    loading ??= import('./gateway.ts')
      .then(({ createAiGateway }) => createAiGateway(deps))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
  return {
    refineGoal: async (input) => (await gateway()).refineGoal(input),
    breakDownGoal: async (input) => (await gateway()).breakDownGoal(input),
  };
}
