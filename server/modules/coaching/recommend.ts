import {
  accountabilityStyles,
  challenges,
  domainChanges,
  motivationStyles,
  personalValues,
  type AccountabilityStyle,
  type Challenge,
  type DomainAnswer,
  type EnhancedAnswers,
  type PersonalValue,
  type QuickAnswers,
  type Recommendation,
} from '#contracts/assessments.ts';
import { coachDomainLabels, coachDomains, type CoachDomain } from '#contracts/coach.ts';
import { coachToneLabels, type CoachTone } from '#contracts/onboarding.ts';

// Which coach fits a person, from their latest completed assessment: a score per domain coach from
// the answers, the order, a reason that quotes the answers, and the tone to start in. Pure, so the
// rules are tested on their own (recommend.test.ts).

export type CompletedAnswers =
  { kind: 'quick'; answers: QuickAnswers } | { kind: 'enhanced'; answers: EnhancedAnswers };

/** What onboarding said: the areas chosen there weigh a little on every assessment. */
export interface OnboardingChoices {
  focusDomains: readonly CoachDomain[];
  coachTone: CoachTone | null;
}

/** The coach a challenge (or an obstacle) is most about. */
export const challengeDomain: Record<Challenge, CoachDomain> = {
  energy: 'health',
  stress: 'health',
  time: 'personal_development',
  focus: 'career',
  motivation: 'personal_development',
  confidence: 'personal_development',
  connection: 'relationships',
  direction: 'career',
};

const valueDomain: Record<PersonalValue, CoachDomain> = {
  health: 'health',
  calm: 'health',
  growth: 'personal_development',
  creativity: 'personal_development',
  family: 'relationships',
  connection: 'relationships',
  achievement: 'career',
  security: 'career',
};

const accountabilityTone: Record<AccountabilityStyle, CoachTone> = {
  daily: 'direct',
  weekly: 'analytical',
  nudges: 'supportive',
  challenge: 'motivational',
};

const WEIGHTS = {
  onboardingFocus: 10,
  quick: { focus: 50, challenge: 35 },
  enhanced: { perPointBelowTen: 4, high: 30, medium: 15, obstacle: 10, value: 5 },
};

interface Fit {
  score: number;
  reason: string;
}

const toneWord = (tone: CoachTone) => coachToneLabels[tone].toLowerCase();
const withArticle = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

const prioritySaid: Record<DomainAnswer['priority'], string> = {
  high: 'said it matters a lot right now',
  medium: 'said it matters somewhat right now',
  low: 'said it is not a priority right now',
};

/** "a, b and c". */
function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

function quickFit(domain: CoachDomain, answers: QuickAnswers): Fit {
  const label = coachDomainLabels[domain];
  const focus = answers.focusDomains.includes(domain);
  const challenge = challengeDomain[answers.biggestChallenge] === domain;
  const challengeWords = challenges.labels[answers.biggestChallenge];
  const score = (focus ? WEIGHTS.quick.focus : 0) + (challenge ? WEIGHTS.quick.challenge : 0);
  if (focus && challenge) {
    return {
      score,
      reason: `You chose ${label} as a focus and said your biggest challenge is ${challengeWords}.`,
    };
  }
  if (focus) return { score, reason: `You chose ${label} as a focus.` };
  if (challenge) {
    return {
      score,
      reason: `You said your biggest challenge is ${challengeWords}, which a ${label} coach works on.`,
    };
  }
  return {
    score,
    reason: `${label} is not among your focus areas; this coach is here when it is.`,
  };
}

function enhancedFit(domain: CoachDomain, answers: EnhancedAnswers): Fit {
  const label = coachDomainLabels[domain];
  const rating = answers.ratings[domain];
  const { priority, change } = answers[domain];
  const obstacles = answers.obstacles.filter((o) => challengeDomain[o] === domain);
  const values = answers.values.filter((v) => valueDomain[v] === domain);
  const weights = WEIGHTS.enhanced;
  const score =
    (10 - rating) * weights.perPointBelowTen +
    (priority === 'high' ? weights.high : priority === 'medium' ? weights.medium : 0) +
    obstacles.length * weights.obstacle +
    values.length * weights.value;
  const said = [`You rated ${label} ${rating}/10`];
  said.push(prioritySaid[priority]);
  if (obstacles.length > 0) {
    const words = obstacles.map((o) => challenges.labels[o]);
    said.push(`named ${listed(words)} as ${obstacles.length === 1 ? 'an obstacle' : 'obstacles'}`);
  }
  const changeWords = (domainChanges[domain].labels as Record<string, string>)[change] ?? change;
  const valued =
    values.length > 0 ? ` You value ${listed(values.map((v) => personalValues.labels[v]))}.` : '';
  return {
    score,
    reason: `${listed(said)}. What you would change first: ${changeWords}.${valued}`,
  };
}

function toneOf(completed: CompletedAnswers): { tone: CoachTone; reason: string } {
  if (completed.kind === 'quick') {
    const { tone, motivationStyle } = completed.answers;
    return {
      tone,
      reason: `You chose ${withArticle(toneWord(tone))} tone; what keeps you going is ${motivationStyles.labels[motivationStyle]}.`,
    };
  }
  const style = completed.answers.accountability;
  const tone = accountabilityTone[style];
  return {
    tone,
    reason: `You asked for ${accountabilityStyles.labels[style]}: ${withArticle(toneWord(tone))} tone fits it.`,
  };
}

/**
 * The four domain coaches, best fit first, each with a reason quoting the answers and the tone to
 * start in. Ties keep the domains' usual order.
 */
export function recommend(
  completed: CompletedAnswers,
  onboarding: OnboardingChoices,
): Recommendation[] {
  const tone = toneOf(completed);
  const fits = coachDomains.map((domain, order) => {
    const fit =
      completed.kind === 'quick'
        ? quickFit(domain, completed.answers)
        : enhancedFit(domain, completed.answers);
    const extra = onboarding.focusDomains.includes(domain) ? WEIGHTS.onboardingFocus : 0;
    return { domain, order, score: Math.min(100, fit.score + extra), reason: fit.reason };
  });
  fits.sort((a, b) => b.score - a.score || a.order - b.order);
  return fits.map((fit, index) => ({
    domain: fit.domain,
    rank: index + 1,
    score: fit.score,
    reason: fit.reason,
    suggestedTone: tone.tone,
    toneReason: tone.reason,
  }));
}
