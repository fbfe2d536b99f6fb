import { randomUUID } from 'node:crypto';
import {
  aiCoachCatalogue,
  aiCoachOf,
  catalogueCoach,
  DEFAULT_PERSONALITY,
  type CatalogueCoach,
  type CoachPersonality,
  type CreateUserCoach,
  type CrisisRefusal,
  type CustomizeCoach,
  type PreviewRequest,
  type UpdatePersonality,
  type UserCoach,
  type UserCoachList,
} from '#contracts/coaching.ts';
import type { CoachDomain } from '#contracts/coach.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import type { ConversationAi } from '#server/ai/conversation.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import type { PersonFactsRead } from './coach-calls.ts';
import * as repo from './coaches.repo.ts';
import { checkPersonWords, crisisIn, type CrisisCheck } from './person-words.ts';
import * as team from './team.repo.ts';

/** The tone a coach takes when the person has not chosen one for it. */
export const FALLBACK_TONE: CoachTone = 'supportive';

export interface CoachesServiceDeps {
  db: Db;
  clock: () => Date;
  /** The tone chosen in onboarding: a new or reset coach takes it. */
  defaultTone: (userId: string) => Promise<CoachTone | null>;
  /** The person's current zone (the crisis response names help for its region). */
  timeZone: (userId: string) => Promise<string>;
  /** The person's own figures for the preview, read from their rows only. */
  facts: PersonFactsRead;
  ai: Pick<ConversationAi, 'preview'>;
  /** The crisis guard (server/ai/safety.ts); tests may count its readings. */
  checkWords?: CrisisCheck;
}

export function coachNotFound(): AppError {
  return new AppError('not_found', 'You have no coach with this id.');
}

/** An own coach as the API shows it; `teamPlace` is its 1-based place on the team or null. */
function toUserCoach(row: repo.OwnCoachRecord, teamPlace: number | null): UserCoach {
  const catalogue = catalogueCoach(row.catalogueId);
  return {
    id: row.id,
    catalogueId: row.catalogueId,
    kind: row.coachUserId ? 'human' : (catalogue?.kind ?? 'ai'),
    domain: row.domain,
    name: row.name,
    tone: row.tone,
    personality: row.personality,
    teamPosition: teamPlace,
    addedAt: row.addedAt.toISOString(),
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    unread: row.unread,
  };
}

/**
 * The list as the hub shows it. Team places are counted from the stored order (1, 2, 3…), so a
 * coach taken off the team (ADR 029's DELETE) leaves no gap in what the person sees.
 */
function toList(rows: readonly repo.OwnCoachRecord[]): UserCoach[] {
  let place = 0;
  return rows.map((row) => toUserCoach(row, row.teamPosition === null ? null : ++place));
}

/**
 * Creates the focus areas' AI coaches, in the tone chosen in onboarding, for a person who has no
 * own coach yet: onboarding calls it in the transaction that finishes it. Someone who already has
 * coaches (added from the recommendations first) keeps exactly those.
 */
export async function seedOwnCoaches(
  tx: Db,
  userId: string,
  choices: { focusDomains: readonly CoachDomain[]; coachTone: CoachTone | null },
  at: Date,
): Promise<void> {
  if (choices.focusDomains.length === 0 || (await repo.hasOwnCoaches(tx, userId))) return;
  let position = 0;
  for (const domain of choices.focusDomains) {
    const coach = aiCoachOf(domain);
    await repo.insertOwnCoach(tx, {
      id: randomUUID(),
      userId,
      catalogueId: coach.id,
      domain,
      name: coach.name,
      tone: choices.coachTone ?? FALLBACK_TONE,
      personality: DEFAULT_PERSONALITY,
      teamPosition: ++position,
      at,
    });
  }
}

/**
 * The person's own coaches (ADR 034): the catalogue, their copies of its coaches with a name, a
 * tone and a personality, and the team's order. Every call is scoped to `userId`: another
 * person's coach id is a 404.
 */
export function createCoachesService(deps: CoachesServiceDeps) {
  const { db, clock } = deps;
  const checkWords = deps.checkWords ?? checkPersonWords;

  async function view(tx: Db, userId: string, id: string): Promise<UserCoach> {
    const found = toList(await repo.listOwnCoaches(tx, userId)).find((coach) => coach.id === id);
    if (!found) throw coachNotFound();
    return found;
  }

  async function own(tx: Db, userId: string, id: string): Promise<team.UserCoachRow> {
    const row = await team.findOwnCoach(tx, userId, id);
    if (!row) throw coachNotFound();
    return row;
  }

  async function personaNoteCrisis(
    userId: string,
    note: string | null | undefined,
  ): Promise<CrisisRefusal | null> {
    if (!note) return null;
    const crisis = crisisIn(checkWords, [note], await deps.timeZone(userId));
    return crisis ? { crisis } : null;
  }

  return {
    catalogue(): { coaches: CatalogueCoach[] } {
      return { coaches: [...aiCoachCatalogue] };
    },

    async list(userId: string): Promise<UserCoachList> {
      return { coaches: toList(await repo.listOwnCoaches(db, userId)) };
    },

    /**
     * The person's copy of a catalogue coach: created in `tone` (else the onboarding tone) and put
     * at the end of the team unless `addToTeam` is false; one they already have is returned as it
     * is (`created: false`), put back on the team when asked.
     */
    async create(
      userId: string,
      input: CreateUserCoach,
    ): Promise<{ coach: UserCoach; created: boolean }> {
      const catalogue = catalogueCoach(input.catalogueId);
      if (!catalogue) {
        throw new AppError(
          'not_found',
          `There is no coach "${input.catalogueId}" in the catalogue. Pick one of ${aiCoachCatalogue
            .map((coach) => coach.id)
            .join(', ')}.`,
        );
      }
      const onTeam = input.addToTeam ?? true;
      const tone = input.tone ?? (await deps.defaultTone(userId)) ?? FALLBACK_TONE;
      return db.transaction(async (tx) => {
        const now = clock();
        const existing = await repo.findByCatalogue(tx, userId, catalogue.id);
        if (existing) {
          if (onTeam && existing.teamPosition === null) {
            await repo.updateOwnCoach(tx, userId, existing.id, {
              teamPosition: await team.nextTeamPosition(tx, userId),
              updatedAt: now,
            });
          }
          return { coach: await view(tx, userId, existing.id), created: false };
        }
        const inserted = await repo.insertOwnCoach(tx, {
          id: randomUUID(),
          userId,
          catalogueId: catalogue.id,
          domain: catalogue.domain,
          name: catalogue.name,
          tone,
          personality: DEFAULT_PERSONALITY,
          teamPosition: onTeam ? await team.nextTeamPosition(tx, userId) : null,
          at: now,
        });
        // Another request created it between the read and the insert: that one is the coach.
        const row = inserted ?? (await repo.findByCatalogue(tx, userId, catalogue.id));
        if (!row) throw new Error('the coach was neither created nor found');
        return { coach: await view(tx, userId, row.id), created: inserted !== undefined };
      });
    },

    async get(userId: string, id: string): Promise<UserCoach> {
      return view(db, userId, id);
    },

    /**
     * Renames the coach or changes its tone; `reset` gives it back the catalogue's name and the
     * tone chosen in onboarding (supportive when none was).
     */
    async customize(userId: string, id: string, input: CustomizeCoach): Promise<UserCoach> {
      const resetTone =
        'reset' in input ? ((await deps.defaultTone(userId)) ?? FALLBACK_TONE) : null;
      return db.transaction(async (tx) => {
        const row = await own(tx, userId, id);
        const set =
          'reset' in input
            ? {
                name: catalogueCoach(row.catalogueId)?.name ?? aiCoachOf(row.domain).name,
                tone: resetTone ?? FALLBACK_TONE,
              }
            : {
                ...(input.name === undefined ? {} : { name: input.name }),
                ...(input.tone === undefined ? {} : { tone: input.tone }),
              };
        await repo.updateOwnCoach(tx, userId, row.id, { ...set, updatedAt: clock() });
        return view(tx, userId, row.id);
      });
    },

    /**
     * Sets the coach's traits, reply length and persona note, or resets them to the defaults. A
     * persona note the crisis guard flags saves nothing: the answer is the help to show instead.
     */
    async setPersonality(
      userId: string,
      id: string,
      input: UpdatePersonality,
    ): Promise<{ coach: UserCoach } | CrisisRefusal> {
      await own(db, userId, id);
      let personality: CoachPersonality = DEFAULT_PERSONALITY;
      if (!('reset' in input)) {
        const note =
          input.personaNote === null || input.personaNote === '' ? null : input.personaNote;
        const refusal = await personaNoteCrisis(userId, note);
        if (refusal) return refusal;
        personality = { traits: input.traits, replyLength: input.replyLength, personaNote: note };
      }
      return db.transaction(async (tx) => {
        const row = await repo.updateOwnCoach(tx, userId, id, { personality, updatedAt: clock() });
        if (!row) throw coachNotFound();
        return { coach: await view(tx, userId, id) };
      });
    },

    /** A sample reply in a tone and personality not yet saved, from the person's own figures. */
    async preview(
      userId: string,
      id: string,
      input: PreviewRequest,
    ): Promise<{ text: string } | CrisisRefusal> {
      const row = await own(db, userId, id);
      const note = input.personaNote ? input.personaNote : null;
      const refusal = await personaNoteCrisis(userId, note);
      if (refusal) return refusal;
      const facts = await deps.facts(db, userId, row.id);
      const text = deps.ai.preview({
        coach: {
          ...team.personaOf(row),
          tone: input.tone,
          personality: { traits: input.traits, replyLength: input.replyLength, personaNote: note },
        },
        facts,
      });
      return { text };
    },

    /**
     * Orders the team: `coachIds` must name every coach on the team once, and nothing else (a
     * coach off the team is added with POST /api/coach/coaches, removed with ADR 029's DELETE).
     */
    async orderTeam(userId: string, coachIds: readonly string[]): Promise<UserCoachList> {
      return db.transaction(async (tx) => {
        const onTeam = await repo.lockTeam(tx, userId);
        const teamIds = new Set(onTeam.map((row) => row.id));
        const problems: Array<{ path: string; message: string }> = [];
        coachIds.forEach((id, index) => {
          if (!teamIds.has(id)) {
            problems.push({
              path: `body.coachIds.${index}`,
              message: 'is not a coach on your team',
            });
          }
        });
        const missing = onTeam.filter((row) => !coachIds.includes(row.id)).length;
        if (missing > 0) {
          problems.push({
            path: 'body.coachIds',
            message: `leaves out ${missing} of the ${onTeam.length} coaches on your team: list every one once`,
          });
        }
        const first = problems[0];
        if (first) {
          throw new AppError('invalid_input', `${first.path}: ${first.message}`, {
            details: problems,
          });
        }
        await repo.setTeamOrder(tx, userId, coachIds, clock());
        return { coaches: toList(await repo.listOwnCoaches(tx, userId)) };
      });
    },
  };
}

export type CoachesService = ReturnType<typeof createCoachesService>;
