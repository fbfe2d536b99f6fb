import type { CoachDomain } from '#contracts/coach.ts';

export const domainLabels: Record<CoachDomain, string> = {
  health: 'Health',
  career: 'Career',
  relationships: 'Relationships',
  personal_development: 'Personal development',
};
