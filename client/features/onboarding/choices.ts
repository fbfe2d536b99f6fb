import type { CoachDomain } from '#contracts/coach.ts';
import type { CoachTone, OnboardingStep } from '#contracts/onboarding.ts';

export const stepTitles: Record<OnboardingStep, string> = {
  welcome: 'Welcome to Trellis',
  time_zone: 'Where are you?',
  channels: 'How should your top three reach you?',
  focus: 'What do you want to focus on?',
  first_goal: 'Your first goal',
  tone: 'How should your coach talk to you?',
};

export const stepDescriptions: Record<OnboardingStep, string> = {
  welcome:
    'A few choices and you are ready: where you are, when your daily top three arrives, what matters to you and how your coach speaks.',
  time_zone: 'Your days, deliveries and streaks follow your local time.',
  channels:
    'Turn on the channels you want, then choose the times. You can change all of this later in Schedule.',
  focus: 'Your coaches specialise by area of life. Choose as many as you like.',
  first_goal: 'One sentence is enough; the coach helps with the rest.',
  tone: 'You can change it at any time.',
};

export const domainChoices: Record<CoachDomain, { label: string; description: string }> = {
  health: { label: 'Health', description: 'Fitness, sleep, food and energy.' },
  career: { label: 'Career', description: 'Work, skills, a new job or a business.' },
  relationships: { label: 'Relationships', description: 'Family, friends and partners.' },
  personal_development: {
    label: 'Personal development',
    description: 'Learning, habits, creativity and calm.',
  },
};

export const toneChoices: Record<CoachTone, { label: string; sample: string }> = {
  supportive: {
    label: 'Supportive',
    sample: '“Two out of three yesterday, nice work. A short run today keeps it going.”',
  },
  direct: {
    label: 'Direct',
    sample: '“Three tasks today. Start with the run: it has waited two days.”',
  },
  analytical: {
    label: 'Analytical',
    sample: '“You finish 80% of morning tasks and 45% of evening ones, so the run comes first.”',
  },
  motivational: {
    label: 'Motivational',
    sample: '“Two days without a run? Today is the day to change that. Shoes on, let’s go!”',
  },
  mindful: {
    label: 'Mindful',
    sample: '“Notice how yesterday felt. Today, one calm step: a short run, at your pace.”',
  },
};
