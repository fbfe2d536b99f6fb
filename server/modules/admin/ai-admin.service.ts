import type {
  AiAdmin,
  DeliveryPeriod,
  EngineInUse,
  EngineOption,
} from '#contracts/admin-operations.ts';
import type { CoachEngine } from '#contracts/coach.ts';
import {
  ENGINE_CHOICE_KEY,
  modelOf,
  type EngineChoice,
  type StoredEngineChoice,
} from '#server/ai/engine-choice.ts';
import type { AiSettings } from '#server/ai/settings.ts';
import { recordAudit } from '#server/auth/audit.service.ts';
import { accountEmails } from '#server/auth/directory.service.ts';
import { requireRole, type AuthContext } from '#server/auth/guard.ts';
import type { Db } from '#server/db/client.ts';
import { putSetting } from '#server/db/settings.repo.ts';
import { AppError } from '#server/errors.ts';
import { engineUsageSince } from '#server/modules/coaching/ai-usage.service.ts';
import { PERIOD_MS } from './operations.service.ts';

// The admin area's AI panel (ADR 037): the configured engine, the runtime choice among the
// engines whose settings are present, and usage per engine from the ai_calls records.

const ENGINE_NAMES: Record<CoachEngine, string> = {
  offline: 'the offline engine',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'an OpenAI-compatible server',
};

/** What each engine needs in the settings, for the message that refuses it. */
const ENGINE_SETTINGS: Record<CoachEngine, string> = {
  offline: 'nothing',
  openai: 'AI_ENGINE=openai and AI_API_KEY',
  anthropic: 'AI_ENGINE=anthropic and AI_API_KEY',
  'openai-compatible': 'AI_BASE_URL and AI_MODEL',
};

export interface AiAdminDeps {
  db: Db;
  clock: () => Date;
  choice: EngineChoice;
}

function option(settings: AiSettings, configured: AiSettings): EngineOption {
  return {
    engine: settings.engine,
    model: modelOf(settings),
    configured: settings.engine === configured.engine,
  };
}

export function createAiAdminService(deps: AiAdminDeps) {
  const { db, clock, choice } = deps;

  async function storedChoice(): Promise<StoredEngineChoice | null> {
    return choice.stored().catch(() => null);
  }

  return {
    async overview(ctx: AuthContext, period: DeliveryPeriod): Promise<AiAdmin> {
      requireRole(ctx, 'admin');
      const since = new Date(clock().getTime() - PERIOD_MS[period]);
      const [active, stored, usage] = await Promise.all([
        choice.current(),
        storedChoice(),
        engineUsageSince(db, since),
      ]);
      const chooser = stored?.chosenBy
        ? ((await accountEmails(db, [stored.chosenBy])).get(stored.chosenBy) ?? null)
        : null;
      return {
        configured: option(choice.configured, choice.configured),
        active: option(active, choice.configured),
        available: choice.available().map((settings) => option(settings, choice.configured)),
        choice: stored
          ? { engine: stored.engine, chosenAt: stored.chosenAt, chosenBy: chooser }
          : null,
        period,
        usage,
      };
    },

    /**
     * Makes `engine` the coaches' engine from the next call on, in every process (within the
     * choice's cache time elsewhere). Refused (409) for an engine whose settings are absent.
     */
    async choose(ctx: AuthContext, engine: CoachEngine): Promise<EngineOption> {
      requireRole(ctx, 'admin');
      const settings = choice.settingsFor(engine);
      if (!settings) {
        throw new AppError(
          'conflict',
          `${ENGINE_NAMES[engine]} has no settings on this server. Set ${ENGINE_SETTINGS[engine]} and restart, then choose it here.`,
        );
      }
      const previous = await choice.current();
      const now = clock();
      const stored: StoredEngineChoice = {
        engine,
        chosenAt: now.toISOString(),
        chosenBy: ctx.userId,
      };
      await db.transaction(async (tx) => {
        await putSetting(tx, ENGINE_CHOICE_KEY, stored, now);
        await recordAudit(tx, {
          action: 'ai_engine_chosen',
          actorType: 'user',
          actorId: ctx.userId,
          details: { from: previous.engine, to: engine, model: modelOf(settings) },
          createdAt: now,
        });
      });
      choice.invalidate();
      return option(settings, choice.configured);
    },

    /** For every signed-in person: the engine their coach uses now. */
    async inUse(): Promise<EngineInUse> {
      const settings = await choice.current();
      return { engine: settings.engine, model: modelOf(settings) };
    },
  };
}

export type AiAdminService = ReturnType<typeof createAiAdminService>;
