import {
  DEFAULT_PERSONALITY,
  consultationSchema,
  historyEntrySchema,
  reflectionSchema,
  userCoachSchema,
  type Consultation,
  type HistoryEntry,
  type Reflection,
  type UserCoach,
} from '#contracts/coaching.ts';

// Answers of the coaching API for the coaching screens' tests, each checked by the contract.

export const USER = '5b0f7a3e-1111-4c2a-9d7e-000000000002';
export const AT = '2026-03-02T09:00:00.000Z';

let counter = 0;
export function uuid(): string {
  counter += 1;
  return `5b0f7a3e-0000-4000-9000-${String(counter).padStart(12, '0')}`;
}

export function makeCoach(change: Partial<UserCoach> = {}): UserCoach {
  return userCoachSchema.parse({
    id: uuid(),
    catalogueId: 'ai-health',
    kind: 'ai',
    domain: 'health',
    name: 'Rowan',
    tone: 'supportive',
    personality: DEFAULT_PERSONALITY,
    teamPosition: 1,
    addedAt: AT,
    lastMessageAt: null,
    unread: 0,
    ...change,
  });
}

export function makeReflection(change: Partial<Reflection> = {}): Reflection {
  return reflectionSchema.parse({
    id: uuid(),
    period: 'daily',
    localDate: '2026-03-02',
    text: 'Ran in the morning, skipped the reading.',
    mood: 4,
    coachId: null,
    coachName: 'Rowan',
    reply: 'You did **2 of 3** today. The run is done: your streak is 5 days.',
    crisis: false,
    engine: 'offline',
    model: 'offline-v1',
    notice: null,
    createdAt: AT,
    ...change,
  });
}

export function makeConsultation(change: Partial<Consultation> = {}): Consultation {
  return consultationSchema.parse({
    id: uuid(),
    question: 'My run and my course both want my evenings. What gives?',
    views: [],
    tradeOffs: [],
    suggestion: 'Run in the morning on Tuesdays and Thursdays.',
    proposals: [],
    crisis: false,
    engine: 'offline',
    model: 'offline-v1',
    notice: null,
    createdAt: AT,
    ...change,
  });
}

export function makeEntry(change: Partial<HistoryEntry> = {}): HistoryEntry {
  return historyEntrySchema.parse({
    id: uuid(),
    type: 'task_done',
    at: AT,
    title: 'Run 2 km',
    detail: null,
    goalId: null,
    domain: 'health',
    href: '/tasks',
    ...change,
  });
}
