import type { AuthGuard } from '#server/auth/guard.ts';
import type { ConversationAi } from '#server/ai/conversation.ts';
import type { Db } from '#server/db/client.ts';
import { createRateLimiter } from '#server/lib/rate-limiter.ts';
import { personWeek } from '#server/modules/analytics/person-week.service.ts';
import type { ExperimentsService } from '#server/modules/experiments/experiments.service.ts';
import type { GoalReads } from '#server/modules/goals/goal-reads.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { TasksService } from '#server/modules/tasks/tasks.service.ts';
import type { TodayService } from '#server/modules/tasks/today.service.ts';
import { createChatProposalsService } from './chat-proposals.service.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatService, type ChatService } from './chat.service.ts';
import { createPersonFacts } from './person-facts.ts';
import type { SuggestionsService } from './suggestions.service.ts';

export interface ChatDeps {
  db: Db;
  clock: () => Date;
  /** The conversation's side of the AI gateway (server/ai/conversation.ts). */
  ai: Pick<ConversationAi, 'coachReply'>;
  /** The per-person AI limits, checked before a message reaches an engine. */
  limits?: { assertWithinLimits(userId: string): Promise<void> };
  profile: Pick<ProfileService, 'day'>;
  goals: Pick<GoalReads, 'activeGoals'>;
  today: Pick<TodayService, 'todayWithin' | 'doneDays'>;
  tasks: Pick<TasksService, 'openAround' | 'createWithin' | 'actWithin' | 'announce'>;
  experiments: Pick<ExperimentsService, 'propose'>;
  suggestions: Pick<SuggestionsService, 'record' | 'claim' | 'markAccepted'>;
  log: { error(details: object, message: string): void };
}

/**
 * The chat with an own coach as one unit for server/modules.ts: the person's figures for any
 * coach (`facts`, which reflections, consultations and check-ins read too), the conversation, the
 * proposals' decisions, the check-ins' writer and the routes.
 */
export function createChat(deps: ChatDeps) {
  const { db, clock } = deps;
  const facts = createPersonFacts({
    profile: deps.profile,
    goals: deps.goals,
    today: deps.today,
    tasks: deps.tasks,
    week: personWeek,
  });
  const chat = createChatService({
    db,
    clock,
    ai: deps.ai,
    facts,
    profile: deps.profile,
    suggestions: deps.suggestions,
    limiter: createRateLimiter({ db, clock, namespace: 'chat.' }),
    ...(deps.limits ? { limits: deps.limits } : {}),
    log: deps.log,
  });
  const proposals = createChatProposalsService({
    db,
    clock,
    profile: deps.profile,
    tasks: deps.tasks,
    experiments: deps.experiments,
    suggestions: deps.suggestions,
  });
  return {
    facts,
    chat,
    proposals,
    /** The check-ins pass's writer (checkins.pass.ts's `postCheckIn`). */
    postCheckIn: (...args: Parameters<ChatService['postCheckIn']>) => chat.postCheckIn(...args),
    routes: (guard: AuthGuard) => chatRoutes({ guard, chat, proposals }),
  };
}
