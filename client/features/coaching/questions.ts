import type { AssessmentKind, AssessmentQuestion } from '#contracts/assessments.ts';
import { coachDomainLabels, type CoachDomain } from '#contracts/coach.ts';
import type { CoachTone } from '#contracts/onboarding.ts';

// The words of the assessments' screens: each step's heading and hint, and what the tones are
// like. The choices' own words come from contracts/assessments.ts, which the reasons quote too.

export const assessmentTitles: Record<AssessmentKind, { title: string; description: string }> = {
  quick: {
    title: 'Quick assessment',
    description: 'About 2 minutes: five questions, then the coaches that fit you.',
  },
  enhanced: {
    title: 'In-depth assessment',
    description:
      'About 10 minutes across every area of your life. Each step is saved, so you can stop and come back.',
  },
};

const domainStep = (domain: CoachDomain) => ({
  title: coachDomainLabels[domain],
  hint: 'Two questions about this area.',
});

export const questionText: Record<AssessmentQuestion, { title: string; hint: string }> = {
  focusDomains: {
    title: 'Which areas do you want to work on?',
    hint: 'Choose as many as you like; any you picked when you joined are already ticked.',
  },
  tone: {
    title: 'How should your coaches talk to you?',
    hint: 'You can change it for each coach later.',
  },
  biggestChallenge: {
    title: 'What is your biggest challenge right now?',
    hint: 'Choose the one that gets in the way most.',
  },
  motivationStyle: { title: 'What keeps you going?', hint: 'Choose the one that works best.' },
  weeklyHours: {
    title: 'How many hours a week can you give?',
    hint: 'Across all your goals: from half an hour to 60.',
  },
  ratings: {
    title: 'How is each area of your life today?',
    hint: '0 is as hard as it gets, 10 is as good as it gets.',
  },
  health: domainStep('health'),
  career: domainStep('career'),
  relationships: domainStep('relationships'),
  personal_development: domainStep('personal_development'),
  values: { title: 'What matters most to you?', hint: 'Choose up to three.' },
  obstacles: { title: 'What tends to get in your way?', hint: 'Choose up to three.' },
  accountability: {
    title: 'How do you like to be kept on track?',
    hint: 'Your coaches start in the tone that fits it.',
  },
};

export const toneDescriptions: Record<CoachTone, string> = {
  supportive: 'Warm, and quick to notice what went well.',
  direct: 'Short and clear: what to do next.',
  analytical: 'Numbers and patterns behind each suggestion.',
  motivational: 'Energetic: a push and a challenge to rise to.',
  mindful: 'Calm and reflective: one step at a time, kind to yourself.',
};

export const sentenceCase = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
