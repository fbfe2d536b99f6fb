import { randomInt } from 'node:crypto';
import type { AppRole } from '#contracts/auth.ts';
import type {
  ClientAnalytics,
  ClientGoals,
  ClientList,
  ClientReflections,
  ClientSummary,
  ClientTasks,
  CoachNote,
  Invite,
  LinkOverview,
  ShareScope,
} from '#contracts/coach-links.ts';
import { INVITE_CODE_LENGTH } from '#contracts/coach-links.ts';
import type { CoachMessage, MessagePage } from '#contracts/coaching.ts';
import { accountsByIds, type Account } from '#server/auth/directory.service.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { AnalyticsService } from '#server/modules/analytics/analytics.service.ts';
import type { ChatService } from '#server/modules/coaching/chat.service.ts';
import {
  humanThreadFigures,
  postHumanCoachMessage,
} from '#server/modules/coaching/human-coaches.service.ts';
import type { ReflectionsService } from '#server/modules/coaching/reflections.service.ts';
import type { GoalsService } from '#server/modules/goals/goals.service.ts';
import type { ProfileService } from '#server/modules/profile/profile.service.ts';
import type { TasksService } from '#server/modules/tasks/tasks.service.ts';
import { clientNotFound, labelOf, type CoachLinksService } from './coach-links.service.ts';
import * as repo from './coach-links.repo.ts';
import { behindPace } from './pace.ts';

// /coach's API (ADR 035): a coach (or an admin) reads their clients only within the scopes of a
// live share, through the owning modules' services, writes in the client's thread and keeps
// private notes. Every call starts at the gate (`links.canRead`): no share, a revoked one or a
// scope not shared is the same 404.

export interface Actor {
  id: string;
  role: AppRole;
}

export interface CoachAreaDeps {
  db: Db;
  clock: () => Date;
  links: Pick<CoachLinksService, 'canRead' | 'clientsOf'>;
  profile: Pick<ProfileService, 'day'>;
  goals: Pick<GoalsService, 'list' | 'detail'>;
  tasks: Pick<TasksService, 'list'>;
  reflections: Pick<ReflectionsService, 'list'>;
  analytics: Pick<AnalyticsService, 'summary'>;
  chat: Pick<ChatService, 'page'>;
}

/** The most goals a coach's view of one client reads in detail. */
const GOALS_SHOWN = 20;
const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function assertCoach(actor: Actor): void {
  if (actor.role !== 'coach' && actor.role !== 'admin') {
    throw new AppError('forbidden', 'Only coaches and admins can use the coach area.');
  }
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) {
    code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  }
  return code;
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function createCoachAreaService(deps: CoachAreaDeps) {
  const { db, clock, links } = deps;

  /** The live share covering `scope`, or the one 404. */
  async function gate(actor: Actor, clientId: string, scope?: ShareScope) {
    assertCoach(actor);
    const link = await links.canRead(actor.id, clientId, scope);
    if (!link) throw clientNotFound();
    return link;
  }

  async function goalsAtRisk(clientId: string): Promise<number> {
    const [{ localDate }, { goals }] = await Promise.all([
      deps.profile.day(clientId),
      deps.goals.list(clientId, { status: 'active' }),
    ]);
    return goals.filter((goal) => behindPace(goal, localDate)).length;
  }

  async function summarize(
    link: repo.LinkRow,
    account: Account | undefined,
    thread: { personAt: Date | null; unanswered: boolean } | undefined,
  ): Promise<ClientSummary> {
    const [analytics, atRisk] = await Promise.all([
      link.scopes.includes('analytics')
        ? deps.analytics.summary(link.clientId, { days: '30' })
        : null,
      link.scopes.includes('goals') ? goalsAtRisk(link.clientId) : null,
    ]);
    const times = [account?.lastSignInAt ?? null, thread?.personAt ?? null].filter(
      (time): time is Date => time !== null,
    );
    const last = times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
    return {
      client: labelOf(account, link.clientId),
      scopes: link.scopes,
      sharedSince: link.createdAt.toISOString(),
      lastActivityAt: last?.toISOString() ?? null,
      topThreeRate: analytics ? analytics.topThree.rate : null,
      streak: analytics ? analytics.streak.current : null,
      goalsAtRisk: atRisk,
      unanswered: thread?.unanswered ?? false,
    };
  }

  return {
    /** The coach's clients with what each shares, newest share first. */
    async clients(actor: Actor): Promise<ClientList> {
      assertCoach(actor);
      const rows = await links.clientsOf(actor.id);
      const [accounts, threads] = await Promise.all([
        accountsByIds(
          db,
          rows.map((row) => row.clientId),
        ),
        humanThreadFigures(
          db,
          rows.map((row) => row.userCoachId),
        ),
      ]);
      const byThread = new Map(threads.map((thread) => [thread.coachId, thread]));
      return {
        clients: await Promise.all(
          rows.map((row) =>
            summarize(row, accounts.get(row.clientId), byThread.get(row.userCoachId)),
          ),
        ),
      };
    },

    async client(actor: Actor, clientId: string): Promise<ClientSummary> {
      const link = await gate(actor, clientId);
      const [accounts, threads] = await Promise.all([
        accountsByIds(db, [clientId]),
        humanThreadFigures(db, [link.userCoachId]),
      ]);
      return summarize(link, accounts.get(clientId), threads[0]);
    },

    /** Goals and progress: every goal with its milestones, whether it is behind its pace. */
    async goals(actor: Actor, clientId: string): Promise<ClientGoals> {
      await gate(actor, clientId, 'goals');
      const [{ localDate }, { goals }] = await Promise.all([
        deps.profile.day(clientId),
        deps.goals.list(clientId, {}),
      ]);
      const details = await Promise.all(
        goals.slice(0, GOALS_SHOWN).map((goal) => deps.goals.detail(clientId, goal.id)),
      );
      return {
        goals: details.map((detail) => ({
          goal: detail.goal,
          milestones: detail.milestones,
          atRisk: behindPace(detail.goal, localDate),
        })),
      };
    },

    async tasks(actor: Actor, clientId: string): Promise<ClientTasks> {
      await gate(actor, clientId, 'tasks');
      const list = await deps.tasks.list(clientId, { view: 'all' });
      return { localDate: list.localDate, tasks: list.tasks };
    },

    async reflections(actor: Actor, clientId: string): Promise<ClientReflections> {
      await gate(actor, clientId, 'reflections');
      const { reflections } = await deps.reflections.list(clientId, { limit: 20 });
      return { reflections };
    },

    async analytics(actor: Actor, clientId: string): Promise<ClientAnalytics> {
      await gate(actor, clientId, 'analytics');
      return deps.analytics.summary(clientId, { days: '30' });
    },

    /** The thread with the client, as the client sees it. */
    async messages(
      actor: Actor,
      clientId: string,
      query: { before?: string | undefined; limit?: number | undefined },
    ): Promise<MessagePage> {
      const link = await gate(actor, clientId);
      return deps.chat.page(clientId, link.userCoachId, query);
    },

    /** The coach writes in the thread: the client gets a `coach_message` notification. */
    async send(actor: Actor, clientId: string, text: string): Promise<CoachMessage> {
      const link = await gate(actor, clientId);
      const coach = (await accountsByIds(db, [actor.id])).get(actor.id);
      return db.transaction(async (tx) => {
        // Read again in the transaction: a revocation that commits first wins.
        const live = await repo.liveLink(tx, actor.id, clientId);
        if (!live) throw clientNotFound();
        return postHumanCoachMessage(tx, {
          clientId,
          userCoachId: link.userCoachId,
          coachName: coach?.name ?? coach?.email ?? 'Your coach',
          text,
          at: clock(),
        });
      });
    },

    /** The coach's private note on a client (empty until written); the client never sees it. */
    async note(actor: Actor, clientId: string): Promise<CoachNote> {
      await gate(actor, clientId);
      const row = await repo.noteOf(db, actor.id, clientId);
      return { text: row?.body ?? '', updatedAt: row?.updatedAt.toISOString() ?? null };
    },

    async saveNote(actor: Actor, clientId: string, text: string): Promise<CoachNote> {
      await gate(actor, clientId);
      const row = await repo.putNote(db, {
        coachId: actor.id,
        clientId,
        body: text,
        at: clock(),
      });
      return { text: row.body, updatedAt: row.updatedAt.toISOString() };
    },

    /** The coach's invite code, made on first asking. */
    async invite(actor: Actor): Promise<Invite> {
      assertCoach(actor);
      const row = (await repo.inviteOf(db, actor.id)) ?? (await putNewCode(actor.id));
      return { code: row.code, createdAt: row.createdAt.toISOString() };
    },

    /** A new invite code; the old one stops working (shares made with it stay). */
    async newInvite(actor: Actor): Promise<Invite> {
      assertCoach(actor);
      const row = await putNewCode(actor.id);
      return { code: row.code, createdAt: row.createdAt.toISOString() };
    },

    /** Admins: every coach–client share, live ones first. */
    async overview(actor: Actor): Promise<LinkOverview> {
      if (actor.role !== 'admin') {
        throw new AppError('forbidden', 'Only admins can see every coach’s clients.');
      }
      const rows = await repo.allLinks(db, 500);
      const accounts = await accountsByIds(
        db,
        rows.flatMap((row) => [row.coachId, row.clientId]),
      );
      return {
        links: rows.map((row) => ({
          id: row.id,
          coach: labelOf(accounts.get(row.coachId), row.coachId),
          client: labelOf(accounts.get(row.clientId), row.clientId),
          scopes: row.scopes,
          createdAt: row.createdAt.toISOString(),
          revokedAt: row.revokedAt?.toISOString() ?? null,
        })),
      };
    },
  };

  async function putNewCode(coachId: string) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await repo.putInvite(db, { coachId, code: newCode(), at: clock() });
      } catch (error: unknown) {
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }
}

export type CoachAreaService = ReturnType<typeof createCoachAreaService>;
