import { describe, expect, it } from 'vitest';
import { checkInOffline, previewOffline } from './check-in.ts';
import { alexFacts, newcomerFacts, persona, samFacts, tones } from './test-fixtures.ts';

describe('the preview on the customize and personality pages', () => {
  it('is this coach’s answer to “how am I doing?” with the person’s figures, different per tone', () => {
    const previews = tones.map((tone) =>
      previewOffline({ coach: persona({ tone }), facts: samFacts() }),
    );
    expect(new Set(previews).size).toBe(tones.length);
    for (const text of previews) expect(text).toContain('“Spanish lesson 4”');
  });

  it('follows the personality: short is shorter, formal has no contractions', () => {
    const short = previewOffline({ coach: persona({ length: 'short' }), facts: samFacts() });
    const long = previewOffline({ coach: persona({ length: 'long' }), facts: samFacts() });
    expect(short.length).toBeLessThan(long.length);
    const formal = previewOffline({
      coach: persona({ traits: { formality: 5 } }),
      facts: samFacts(),
    });
    // possessives stay ("Today's top three"); contractions go
    expect(formal).not.toMatch(
      /\b(you|we|they|I|it|that|there|what|let)'(s|re|d|ll|ve|m)\b|n't\b/i,
    );
    expect(formal).toContain('You have kept your streak');
  });
});

describe('a coach writing first', () => {
  it('after a missed top three: what is still open from yesterday, the streak, a day to move it to', () => {
    const text = checkInOffline({
      coach: persona(),
      facts: samFacts(),
      reason: 'missed_top_three',
    });
    expect(text).toContain('“Book a physio appointment” (yesterday)');
    expect(text).toContain('**4 days**');
    expect(text).toContain('Friday 13 March');
  });

  it('after a quiet week: the week’s figures, a goal, one small start', () => {
    const text = checkInOffline({
      coach: persona({ tone: 'analytical' }),
      facts: alexFacts(),
      reason: 'quiet_week',
    });
    expect(text).toContain('**20 tasks**');
    expect(text).toContain('“Write the about page” today');
    const newcomer = checkInOffline({
      coach: persona(),
      facts: newcomerFacts(),
      reason: 'quiet_week',
    });
    expect(newcomer).toContain("You don't have a goal yet");
  });

  it('speaks in each tone', () => {
    const texts = tones.map((tone) =>
      checkInOffline({ coach: persona({ tone }), facts: samFacts(), reason: 'missed_top_three' }),
    );
    expect(new Set(texts).size).toBe(tones.length);
  });
});
