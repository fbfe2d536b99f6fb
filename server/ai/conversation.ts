import type { CoachPersonality, ProposalDraft } from '#contracts/coaching.ts';
import type { CoachDomain, CoachEngine, CrisisResult } from '#contracts/coach.ts';
import type { CoachTone } from '#contracts/onboarding.ts';
import type { TaskStatus } from '#contracts/tasks.ts';

/**
 * The conversation's side of the AI gateway (ADR 034): what the coaching services hand the coach
 * and what comes back, whichever engine answers. The offline engine
 * (`offline/conversation/`) and the model engines take the same input and give the same output;
 * the crisis guard reads the person's words first, and a flagged message never reaches an engine.
 */

/** Who is speaking: the person's own coach. Tone and personality change wording, never facts. */
export interface CoachPersona {
  /** The own coach's id (user_coaches.id). */
  id: string;
  name: string;
  domain: CoachDomain;
  tone: CoachTone;
  personality: CoachPersonality;
}

/** The person's own figures, read for this call from their rows only. */
export interface PersonFacts {
  /** The person's local date and zone. */
  today: string;
  timeZone: string;
  firstName: string | null;
  goals: Array<{
    id: string;
    title: string;
    domain: CoachDomain;
    deadline: string;
    /** 0–100. */
    progress: number;
    weeklyHours: number | null;
    pinned: boolean;
    nextMilestone: { title: string; dueDate: string } | null;
  }>;
  /** Today's top three (empty when nothing is planned). */
  topThree: Array<{ taskId: string; title: string; status: TaskStatus; goalId: string | null }>;
  streak: { current: number; best: number };
  /** The last seven days up to yesterday. */
  week: { done: number; skipped: number; topThreeDays: number; topThreeAllDone: number };
  /** Open tasks scheduled before today, oldest first (at most 10). */
  missed: Array<{ taskId: string; title: string; scheduledDate: string; goalId: string | null }>;
  /** Open tasks of the next seven days from today (at most 20). */
  upcoming: Array<{
    taskId: string;
    title: string;
    scheduledDate: string;
    minutes: number | null;
    goalId: string | null;
  }>;
  /** What the person has said they can give a day, in minutes, when known. */
  dailyCapacityMinutes: number | null;
  /** Facts the coach keeps about the person (coach memory), newest first. */
  memory: string[];
}

export interface ConversationTurn {
  author: 'person' | 'coach';
  text: string;
}

export interface CoachReplyInput {
  coach: CoachPersona;
  facts: PersonFacts;
  /** What the person has just written. */
  message: string;
  /** The last turns of the thread, oldest first (at most 12), without `message`. */
  history: ConversationTurn[];
}

export interface ProposedChange {
  draft: ProposalDraft;
  /** One sentence on why, in the coach's words. */
  reason: string;
}

export interface CoachReplyResult {
  /** Markdown (rendered safely by the client). */
  text: string;
  proposals: ProposedChange[];
  /** The intent the offline engine read (check_in, stuck, …), or null from a model. */
  intent: string | null;
}

/** Who answered and any notice to show, as every coach answer carries. */
export interface AnswerMeta {
  engine: CoachEngine;
  model: string;
  notice?: string;
}

/**
 * A streamed reply. `crisis` is set (and `text` empty) when the guard or the model flagged the
 * message: show `crisis` instead of a reply. Otherwise read `text` for the chunks as they come,
 * then await `result`; after a model fallback, the offline reply streams and `notice` says so.
 */
export type StreamedReply =
  | (AnswerMeta & { crisis: CrisisResult })
  | (AnswerMeta & {
      crisis?: undefined;
      text: AsyncIterable<string>;
      result: Promise<CoachReplyResult & AnswerMeta>;
    });

export interface ReflectInput {
  coach: CoachPersona;
  facts: PersonFacts;
  period: 'daily' | 'weekly';
  text: string;
  mood: number | null;
}

export interface TeamConsultInput {
  /** The team, in order. */
  coaches: CoachPersona[];
  facts: PersonFacts;
  question: string;
}

export interface TeamConsultResult {
  views: Array<{ coachId: string; view: string }>;
  tradeOffs: string[];
  suggestion: string;
  proposals: Array<ProposedChange & { coachId: string }>;
}

export type CheckInReason = 'missed_top_three' | 'quiet_week';

/** Per call: whose call it is (for the record and the limits) and a way to stop it. */
export interface CallContext {
  userId: string;
  signal?: AbortSignal;
}

export interface ConversationAi {
  coachReply(input: CoachReplyInput, context: CallContext): Promise<StreamedReply>;
  reflect(
    input: ReflectInput,
    context: CallContext,
  ): Promise<AnswerMeta & ({ crisis: CrisisResult } | { crisis?: undefined; text: string })>;
  teamConsult(
    input: TeamConsultInput,
    context: CallContext,
  ): Promise<
    AnswerMeta & ({ crisis: CrisisResult } | ({ crisis?: undefined } & TeamConsultResult))
  >;
  /** A sample reply in a tone and personality (customize and personality pages); offline, instant. */
  preview(input: { coach: CoachPersona; facts: PersonFacts }): string;
  /** A coach writing first (proactive check-ins); offline, from the person's figures. */
  checkIn(input: { coach: CoachPersona; facts: PersonFacts; reason: CheckInReason }): string;
}
