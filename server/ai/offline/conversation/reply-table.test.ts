import { describe, expect, it } from 'vitest';
import type { CoachReplyResult } from '#server/ai/conversation.ts';
import type { ConversationIntent } from './intents.ts';
import { coachReplyOffline } from './reply.ts';
import {
  assertProposalsValid,
  id,
  persona,
  quotesATitle,
  samFacts,
  TODAY,
  tones,
} from './test-fixtures.ts';

/**
 * The offline conversation on a table of messages per intent, each answered in every tone: the
 * intent read, a reply that quotes Sam's own figures, proposals that fit the contract, and
 * wording that changes with the tone while the facts and proposals stay the same.
 */

const table: Record<Exclude<ConversationIntent, 'other'>, string[]> = {
  check_in: [
    'Checking in: how am I doing?',
    'Can I get a quick update on my progress?',
    "How's everything going?",
  ],
  stuck: [
    "I'm stuck and keep putting off my Spanish lesson",
    "I keep procrastinating, I can't get started",
    "I'm overwhelmed and don't know where to start",
  ],
  missed: [
    'I missed my tasks this week',
    "I didn't do my flashcards again",
    'I fell behind on everything',
  ],
  low_motivation: [
    'I have no motivation today',
    "I'm so tired and can't be bothered",
    'Honestly I feel like giving up on all of it',
  ],
  plan_week: [
    'Can you help me plan my week?',
    "Let's plan next week",
    'What should I focus on this week?',
  ],
  celebrate: [
    'I finished my 3 km run!',
    'I did it! Nailed the session',
    'So proud, I completed everything on my list',
  ],
  goal_question: [
    'How is my Spanish going?',
    'Am I on track for the 10K race?',
    "What's next for calling my parents?",
  ],
  change_plan: [
    'Can you move my interval run to Friday?',
    'Today is too much, can you lighten my plan?',
    'Please reschedule the long run',
  ],
  greeting: ['Hi!', 'Good morning', 'hey there'],
};

const rows = Object.entries(table).flatMap(([intent, messages]) =>
  messages.map((message) => ({ intent: intent as ConversationIntent, message })),
);

function replies(message: string): Array<{ tone: string; reply: CoachReplyResult }> {
  return tones.map((tone) => ({
    tone,
    reply: coachReplyOffline({
      coach: persona({ tone }),
      facts: samFacts(),
      message,
      history: [],
    }),
  }));
}

describe.each(rows)('“$message”', ({ intent, message }) => {
  const answers = replies(message);

  it(`is read as ${intent} in every tone`, () => {
    for (const { reply } of answers) expect(reply.intent).toBe(intent);
  });

  it("quotes Sam's own titles in every tone", () => {
    for (const { tone, reply } of answers) {
      expect(quotesATitle(reply.text, samFacts()), `${tone}: ${reply.text}`).toBe(true);
    }
  });

  it('proposes only changes the contract accepts, dated today or later, on Sam’s own rows', () => {
    for (const { reply } of answers) {
      expect(assertProposalsValid(reply.proposals, samFacts())).toEqual([]);
    }
  });

  it('words each tone differently with the same facts and the same proposals', () => {
    const texts = answers.map(({ reply }) => reply.text);
    expect(new Set(texts).size).toBe(tones.length);
    const drafts = answers.map(({ reply }) => JSON.stringify(reply.proposals.map((p) => p.draft)));
    expect(new Set(drafts).size).toBe(1);
  });

  it('writes Markdown without HTML', () => {
    for (const { reply } of answers) expect(reply.text).not.toMatch(/<\/?[a-z][^>]*>/i);
  });
});

describe('what each intent proposes', () => {
  const reply = (message: string) =>
    coachReplyOffline({ coach: persona(), facts: samFacts(), message, history: [] });

  it('moves the oldest missed task to the lightest day and tries an experiment with what keeps slipping', () => {
    const { proposals, text } = reply("I didn't do my flashcards again");
    expect(proposals.map((p) => p.draft)).toEqual([
      {
        kind: 'move_task',
        taskId: id(201),
        title: 'Review Spanish flashcards',
        from: '2026-03-06',
        // the next seven days: Friday 13 March is the first with nothing planned
        to: '2026-03-13',
      },
      expect.objectContaining({ kind: 'experiment', days: 14, goalId: id(2) }),
    ]);
    expect(text).toContain('**3 open tasks**');
    expect(text).toContain('Friday 6 March');
    // the coach remembers Sam prefers mornings: the experiment is anchored there
    const experiment = proposals[1]?.draft;
    expect(experiment?.kind === 'experiment' ? experiment.title : '').toContain('every morning');
  });

  it('moves the task the person named to the day they named', () => {
    const { proposals } = reply('Can you move my interval run to Friday?');
    expect(proposals.map((p) => p.draft)).toEqual([
      {
        kind: 'move_task',
        taskId: id(301),
        title: 'Interval run',
        from: '2026-03-11',
        to: '2026-03-13',
      },
    ]);
    expect(proposals[0]?.reason).toContain('You asked for Friday 13 March');
  });

  it('lightens the day the person says is too much', () => {
    const { proposals } = reply('Today is too much, can you lighten my plan?');
    expect(proposals[0]?.draft).toMatchObject({ kind: 'move_task', from: TODAY });
  });

  it('offers ten minutes of the task the person is stuck on, today', () => {
    const { proposals, text } = reply("I'm stuck and keep putting off my Spanish lesson");
    expect(proposals.map((p) => p.draft)).toEqual([
      {
        kind: 'add_task',
        title: 'Just start: 10 minutes of “Spanish lesson 4”',
        goalId: id(2),
        date: TODAY,
        minutes: 10,
      },
    ]);
    expect(text).toContain('Learn conversational Spanish');
  });

  it('plans the week from the loads and puts the pinned goal with nothing planned back in', () => {
    const { proposals, text } = reply('Can you help me plan my week?');
    expect(text).toContain('**6 tasks**');
    expect(text).toContain('over the 60 minutes a day');
    expect(proposals.map((p) => p.draft)).toEqual([
      expect.objectContaining({ kind: 'move_task', taskId: id(301) }),
      expect.objectContaining({ kind: 'add_task', goalId: id(3), minutes: 15 }),
    ]);
  });

  it('answers a question about a goal from that goal’s figures', () => {
    const { text, proposals } = reply('How is my Spanish going?');
    expect(text).toContain('“Learn conversational Spanish”');
    expect(text).toContain('**25 %**');
    expect(text).toContain('20 March');
    expect(text).toContain('3 tasks in the next 7 days');
    expect(proposals[0]?.draft).toMatchObject({ kind: 'move_task', taskId: id(201) });
  });

  it('gives a goal with nothing planned a small first task', () => {
    const { proposals } = reply("What's next for calling my parents?");
    expect(proposals.map((p) => p.draft)).toEqual([
      expect.objectContaining({ kind: 'add_task', goalId: id(3), minutes: 15 }),
    ]);
  });

  it('celebrates with the task done and the streak, proposing nothing', () => {
    const { text, proposals } = reply('I finished my 3 km run!');
    expect(text).toContain('“Easy 3 km run” is done');
    expect(text).toContain('**4 days**');
    expect(proposals).toEqual([]);
  });

  it('answers anything else from the person’s data too', () => {
    const { intent, text } = reply('Tell me about the weather');
    expect(intent).toBe('other');
    expect(text).toContain('**1 of 3 done**');
  });
});
