import { describe, expect, it } from 'vitest';
import { reflectOffline } from './reflect.ts';
import { alexFacts, newcomerFacts, persona, samFacts, tones } from './test-fixtures.ts';

describe('the offline coach answers a reflection', () => {
  it('quotes the day: the top three, what was done or is open, the streak and the mood', () => {
    const text = reflectOffline({
      coach: persona(),
      facts: samFacts(),
      period: 'daily',
      text: 'Felt slow, but the run went well',
      mood: 2,
    });
    expect(text).toContain('**2 of 5**');
    expect(text).toContain('“Easy 3 km run” ✓');
    expect(text).toContain('Done: “Easy 3 km run”');
    expect(text).toContain('Still open: 2 tasks');
    expect(text).toContain('**4 days**');
    // the goal the person wrote about, with its progress
    expect(text).toContain('You mentioned “Run a 10K race”, now at **40 %**');
    expect(text).toContain('Tomorrow starts with “Interval run”');
  });

  it('quotes the week: tasks done and skipped, the top three days, every goal’s progress', () => {
    const text = reflectOffline({
      coach: persona({ tone: 'analytical', length: 'long' }),
      facts: samFacts(),
      period: 'weekly',
      text: 'A busy week at work',
      mood: 4,
    });
    expect(text).toContain('**4 of 5**');
    expect(text).toContain('**12 tasks** done, 2 skipped');
    expect(text).toContain('3 of 6 days');
    for (const goal of [
      'Run a 10K race',
      'Learn conversational Spanish',
      'Call my parents every week',
    ]) {
      expect(text).toContain(goal);
    }
    expect(text).toContain('3 tasks from before today are still open');
  });

  it('leaves the mood out when none was given', () => {
    const text = reflectOffline({
      coach: persona(),
      facts: samFacts(),
      period: 'daily',
      text: 'ok',
      mood: null,
    });
    expect(text).not.toContain('of 5**');
  });

  it('speaks in the coach’s tone: same facts, different words', () => {
    const texts = tones.map((tone) =>
      reflectOffline({
        coach: persona({ tone }),
        facts: samFacts(),
        period: 'daily',
        text: 'fine day',
        mood: 3,
      }),
    );
    expect(new Set(texts).size).toBe(tones.length);
    for (const text of texts) expect(text).toContain('**3 of 5**');
  });

  it('differs between people and says when there is no goal yet', () => {
    const sam = reflectOffline({
      coach: persona(),
      facts: samFacts(),
      period: 'weekly',
      text: 'ok',
      mood: null,
    });
    const alex = reflectOffline({
      coach: persona(),
      facts: alexFacts(),
      period: 'weekly',
      text: 'ok',
      mood: null,
    });
    expect(alex).toContain('Ship my portfolio website');
    expect(sam).not.toContain('Ship my portfolio website');
    const newcomer = reflectOffline({
      coach: persona(),
      facts: newcomerFacts(),
      period: 'daily',
      text: 'ok',
      mood: 5,
    });
    expect(newcomer).toContain("You don't have a goal yet");
    expect(newcomer).toContain('Tuesday 10 March');
  });
});
