import { describe, expect, it } from 'vitest';
import type { PersonFacts } from '#server/ai/conversation.ts';
import { readMessage } from './intents.ts';
import { coachReplyOffline } from './reply.ts';
import {
  alexFacts,
  assertProposalsValid,
  id,
  newcomerFacts,
  persona,
  quotable,
  samFacts,
  TODAY,
  tones,
} from './test-fixtures.ts';

const ask = (
  message: string,
  options: { facts?: PersonFacts; coach?: Parameters<typeof persona>[0] } = {},
) =>
  coachReplyOffline({
    coach: persona(options.coach),
    facts: options.facts ?? samFacts(),
    message,
    history: [],
  });

describe('the offline coach speaks from the person’s own data', () => {
  it('gives two people different replies to the same message, each quoting only their own', () => {
    for (const message of ['How am I doing?', 'I missed some tasks', 'Help me plan my week']) {
      const sam = ask(message, { facts: samFacts() });
      const alex = ask(message, { facts: alexFacts() });
      expect(sam.text).not.toBe(alex.text);
      const samTitles = quotable(samFacts());
      const alexTitles = quotable(alexFacts());
      expect(samTitles.some((title) => sam.text.includes(title))).toBe(true);
      expect(alexTitles.some((title) => alex.text.includes(title))).toBe(true);
      expect(alexTitles.filter((title) => sam.text.includes(title))).toEqual([]);
      expect(samTitles.filter((title) => alex.text.includes(title))).toEqual([]);
      expect(assertProposalsValid(alex.proposals, alexFacts())).toEqual([]);
    }
  });

  it('says plainly when there is no goal yet and suggests creating one, in every tone', () => {
    for (const tone of tones) {
      for (const message of ['How am I doing?', 'I am stuck', 'Plan my week']) {
        const { text, proposals } = ask(message, { facts: newcomerFacts(), coach: { tone } });
        expect(text).toMatch(/no goal yet|don't have a goal yet|0 goals/);
        expect(text).toContain('Goals page');
        // still a fact of theirs: today's date or their streak
        expect(text).toMatch(/Tuesday 10 March|\*\*0 days\*\*/);
        expect(proposals).toEqual([]);
      }
    }
  });

  it('moves a missed task even for someone without goals', () => {
    const facts: PersonFacts = {
      ...newcomerFacts(),
      missed: [
        { taskId: id(500), title: 'Renew passport', scheduledDate: '2026-03-02', goalId: null },
      ],
    };
    const { text, proposals } = ask('I missed something', { facts });
    expect(text).toContain('Renew passport');
    expect(proposals[0]?.draft).toMatchObject({ kind: 'move_task', taskId: id(500), to: TODAY });
    expect(assertProposalsValid(proposals, facts)).toEqual([]);
  });

  it('uses the coach’s memory of the person when it bears on the message', () => {
    const { text } = ask('Should I run in the evening?');
    expect(text).toContain('Prefers running in the mornings');
  });

  it('follows the thread: “how is it going?” after naming a goal is about that goal', () => {
    const read = readMessage('And how is it going?', samFacts(), [
      { author: 'person', text: 'I want to talk about Spanish' },
      { author: 'coach', text: 'Sure.' },
    ]);
    expect(read.goal?.id).toBe(id(2));
  });

  it('escapes Markdown and HTML in the person’s titles', () => {
    const facts = samFacts();
    facts.topThree = [
      {
        taskId: id(700),
        title: '<img src=x onerror=alert(1)> **bold** [link](http://x)',
        status: 'open',
        goalId: null,
      },
    ];
    const { text } = ask('How am I doing?', { facts });
    expect(text).not.toMatch(/(^|[^\\])<img/);
    expect(text).toContain(
      '\\<img src=x onerror=alert(1)\\> \\*\\*bold\\*\\* \\[link\\](http://x)',
    );
  });
});

describe('tone and traits change the wording, never the facts', () => {
  const message = 'I missed my tasks this week';

  it('a formal coach spells contractions out and does not exclaim', () => {
    const formal = ask("I'm stuck, can't get started", {
      coach: { tone: 'motivational', traits: { formality: 5 } },
    }).text;
    expect(formal).not.toMatch(/\b(\w+n't|let's|you're|I'd|it's|that's)\b/i);
    expect(formal).not.toContain('!');
    const casual = ask("I'm stuck, can't get started", {
      coach: { tone: 'motivational', traits: { formality: 1 } },
    }).text;
    expect(casual).toMatch(/!/);
  });

  it('a warm coach uses the person’s name and acknowledges the hard day; a cool one does not', () => {
    const warm = ask(message, { coach: { traits: { warmth: 5 } } }).text;
    const cool = ask(message, { coach: { traits: { warmth: 1 } } }).text;
    expect(warm).toContain('Sam');
    expect(warm).toContain("one slow stretch doesn't undo your progress");
    expect(cool).not.toContain('Sam');
  });

  it('the persona note’s “call me …” names the person', () => {
    const { text } = ask(message, { coach: { note: 'Call me Sammy. No sports metaphors.' } });
    expect(text).toContain('Sammy');
  });

  it('a playful coach adds an aside; a serious one none', () => {
    const playful = ask(message, { coach: { traits: { humour: 5 } } }).text;
    const serious = ask(message, { coach: { traits: { humour: 1 } } }).text;
    expect(playful).toMatch(/\(.+\)/);
    expect(serious.length).toBeLessThan(playful.length);
  });

  it('a challenging coach asks for more; an easy-going one for less', () => {
    const hard = ask('I have no motivation today', {
      coach: { traits: { challenge: 5 } },
      facts: { ...samFacts(), missed: [] },
    });
    const easy = ask('I have no motivation today', {
      coach: { traits: { challenge: 1 } },
      facts: { ...samFacts(), missed: [] },
    });
    expect(hard.proposals[0]?.draft).toMatchObject({ kind: 'add_task', minutes: 15 });
    expect(easy.proposals[0]?.draft).toMatchObject({ kind: 'add_task', minutes: 10 });
    expect(hard.text).toContain('do one more before the day ends');
    expect(easy.text).toContain('Even one small step counts today');
    const experiment = (challenge: number) =>
      ask("I didn't do my flashcards again", { coach: { traits: { challenge } } }).proposals.find(
        (p) => p.draft.kind === 'experiment',
      )?.draft;
    expect(experiment(5)).toMatchObject({ days: 14 });
    expect(experiment(1)).toMatchObject({ days: 7 });
  });

  it('a direct coach instructs, a gentle one offers', () => {
    const direct = ask(message, { coach: { traits: { directness: 5 } } }).text;
    const gentle = ask(message, { coach: { traits: { directness: 1 } } }).text;
    expect(direct).toMatch(/\n\nMove “Review Spanish flashcards”/);
    expect(gentle).toContain('If it helps, you could move “Review Spanish flashcards”');
  });

  it('the reply length sets how much is said and how many changes are proposed', () => {
    const short = ask('Help me plan my week', { coach: { length: 'short' } });
    const medium = ask('Help me plan my week', { coach: { length: 'medium' } });
    const long = ask('Help me plan my week', { coach: { length: 'long' } });
    expect(short.text.length).toBeLessThan(medium.text.length);
    expect(medium.text.length).toBeLessThan(long.text.length);
    expect(short.proposals).toHaveLength(1);
    expect(short.text).not.toContain('\n');
    expect(long.proposals.length).toBeGreaterThanOrEqual(medium.proposals.length);
    // the figures are the same whatever the length
    for (const reply of [short, medium, long]) expect(reply.text).toContain('**6 tasks**');
  });

  it('keeps every figure when the traits change', () => {
    const base = ask('How is my Spanish going?');
    for (const traits of [
      { warmth: 1, directness: 5, humour: 5, formality: 5, challenge: 1 },
      { warmth: 5, directness: 1, humour: 1, formality: 1, challenge: 5 },
    ]) {
      const other = ask('How is my Spanish going?', { coach: { traits } });
      for (const figure of ['**25 %**', '20 March', 'Learn conversational Spanish']) {
        expect(other.text).toContain(figure);
        expect(base.text).toContain(figure);
      }
      expect(other.proposals.map((p) => p.draft.kind)).toEqual(
        base.proposals.map((p) => p.draft.kind),
      );
    }
  });
});
