import { z } from 'zod';
import { apiPath } from '#contracts/api-path.ts';
import { coachDomainSchema } from '#contracts/coach.ts';
import { timestampSchema } from '#contracts/shared.ts';

// Onboarding progress: the step to resume at and the choices made on the way.

export const onboardingSteps = [
  'welcome',
  'time_zone',
  'channels',
  'focus',
  'first_goal',
  'tone',
] as const;
export const onboardingStepSchema = z.enum(onboardingSteps);
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

/**
 * The coach's tones, one list for onboarding, assessments, the coach team and every reply (ADR 034:
 * the public pages' five; 'encouraging' became 'supportive' and 'playful' 'motivational').
 */
export const coachTones = [
  'supportive',
  'direct',
  'analytical',
  'motivational',
  'mindful',
] as const;
export const coachToneSchema = z.enum(coachTones, {
  message: `must be one of ${coachTones.join(', ')}`,
});
export type CoachTone = z.infer<typeof coachToneSchema>;

/** Each tone's name as people read it. */
export const coachToneLabels: Record<CoachTone, string> = {
  supportive: 'Supportive',
  direct: 'Direct',
  analytical: 'Analytical',
  motivational: 'Motivational',
  mindful: 'Mindful',
};

export const onboardingSchema = z.object({
  /** The step to resume at. */
  step: onboardingStepSchema,
  focusDomains: z.array(coachDomainSchema),
  coachTone: coachToneSchema.nullable(),
  completedAt: timestampSchema.nullable(),
  skippedAt: timestampSchema.nullable(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const onboardingUpdateSchema = z.object({
  step: onboardingStepSchema.optional(),
  focusDomains: z
    .array(coachDomainSchema)
    .max(4)
    .refine((d) => new Set(d).size === d.length, 'must not list a domain twice')
    .optional(),
  coachTone: coachToneSchema.optional(),
  /** 'complete' finishes onboarding, 'skip' leaves it for later; either ends on /dashboard. */
  finish: z.enum(['complete', 'skip']).optional(),
});
export type OnboardingUpdate = z.infer<typeof onboardingUpdateSchema>;

export const onboardingPaths = {
  onboarding: apiPath('/api/onboarding'),
} as const;
