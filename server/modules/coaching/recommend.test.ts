import { describe, expect, it } from 'vitest';
import type { EnhancedAnswers, QuickAnswers } from '#contracts/assessments.ts';
import { recommend } from './recommend.ts';

const quick: QuickAnswers = {
  focusDomains: ['career'],
  tone: 'direct',
  biggestChallenge: 'energy',
  motivationStyle: 'deadlines',
  weeklyHours: 3,
};

const enhanced: EnhancedAnswers = {
  ratings: { health: 3, career: 7, relationships: 8, personal_development: 6 },
  health: { priority: 'high', change: 'energy' },
  career: { priority: 'medium', change: 'skills' },
  relationships: { priority: 'low', change: 'friends' },
  personal_development: { priority: 'medium', change: 'habits' },
  values: ['health', 'growth'],
  obstacles: ['energy', 'time'],
  accountability: 'weekly',
};

const noOnboarding = { focusDomains: [], coachTone: null };

describe('recommend', () => {
  it('quick: a chosen focus ranks first, the challenge next, each reason quoting the answers', () => {
    const ranked = recommend({ kind: 'quick', answers: quick }, noOnboarding);
    expect(ranked.map((r) => [r.domain, r.rank, r.score])).toEqual([
      ['career', 1, 50],
      ['health', 2, 35],
      ['relationships', 3, 0],
      ['personal_development', 4, 0],
    ]);
    expect(ranked[0]?.reason).toBe('You chose Career as a focus.');
    expect(ranked[1]?.reason).toBe(
      'You said your biggest challenge is energy, which a Health coach works on.',
    );
    expect(ranked[2]?.reason).toBe(
      'Relationships is not among your focus areas; this coach is here when it is.',
    );
  });

  it('quick: focus and challenge on one coach are said together; the tone is the one chosen', () => {
    const [first] = recommend(
      { kind: 'quick', answers: { ...quick, focusDomains: ['health', 'career'] } },
      noOnboarding,
    );
    expect(first).toEqual({
      domain: 'health',
      rank: 1,
      score: 85,
      reason: 'You chose Health as a focus and said your biggest challenge is energy.',
      suggestedTone: 'direct',
      toneReason: 'You chose a direct tone; what keeps you going is clear deadlines.',
    });
  });

  it("onboarding's focus areas break what the answers leave even", () => {
    const ranked = recommend(
      { kind: 'quick', answers: quick },
      { focusDomains: ['personal_development'], coachTone: 'motivational' },
    );
    expect(ranked.map((r) => r.domain)).toEqual([
      'career',
      'health',
      'personal_development',
      'relationships',
    ]);
    expect(ranked[2]?.score).toBe(10);
  });

  it('enhanced: a low rating that matters a lot ranks first, with the rating, obstacle and change quoted', () => {
    const ranked = recommend({ kind: 'enhanced', answers: enhanced }, noOnboarding);
    // health: 7×4 + 30 + 1 obstacle×10 + 1 value×5 = 73; career 12 + 15 = 27;
    // personal development 16 + 15 + 10 + 5 = 46; relationships 8.
    expect(ranked.map((r) => [r.domain, r.score])).toEqual([
      ['health', 73],
      ['personal_development', 46],
      ['career', 27],
      ['relationships', 8],
    ]);
    expect(ranked[0]?.reason).toBe(
      'You rated Health 3/10, said it matters a lot right now and named energy as an obstacle. What you would change first: having more energy. You value health.',
    );
    expect(ranked[3]?.reason).toBe(
      'You rated Relationships 8/10 and said it is not a priority right now. What you would change first: new friends.',
    );
    expect(ranked.every((r) => r.suggestedTone === 'analytical')).toBe(true);
    expect(ranked[0]?.toneReason).toBe(
      'You asked for a weekly review: an analytical tone fits it.',
    );
  });

  it('scores stay within 0–100 and ties keep the usual order of the domains', () => {
    const maxed: EnhancedAnswers = {
      ...enhanced,
      ratings: { health: 0, career: 0, relationships: 0, personal_development: 0 },
      health: { priority: 'high', change: 'move' },
      values: ['health', 'calm'],
      obstacles: ['energy', 'stress'],
    };
    const ranked = recommend(
      { kind: 'enhanced', answers: maxed },
      { focusDomains: ['health'], coachTone: null },
    );
    expect(ranked[0]).toMatchObject({ domain: 'health', score: 100 });
    const even = recommend(
      {
        kind: 'quick',
        answers: { ...quick, focusDomains: ['relationships', 'career'], biggestChallenge: 'focus' },
      },
      noOnboarding,
    );
    expect(even.slice(2).map((r) => r.domain)).toEqual(['health', 'personal_development']);
  });
});
