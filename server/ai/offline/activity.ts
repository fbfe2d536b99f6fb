import type { CoachDomain } from '#contracts/coach.ts';
import { classifyDomain } from './domain.ts';
import { normalizeGoalText } from './parse.ts';
import { careerTemplates } from './templates/career.ts';
import { healthTemplates } from './templates/health.ts';
import type { ActivityTemplate } from './templates/kit.ts';
import { personalDevelopmentTemplates } from './templates/personal-development.ts';
import { relationshipTemplates } from './templates/relationships.ts';

const TEMPLATES: Record<CoachDomain, readonly ActivityTemplate[]> = {
  health: healthTemplates,
  career: careerTemplates,
  relationships: relationshipTemplates,
  personal_development: personalDevelopmentTemplates,
};

function genericOf(domain: CoachDomain): ActivityTemplate {
  const generic = TEMPLATES[domain].find((template) => template.generic);
  if (!generic) throw new Error(`No catch-all template for ${domain}`);
  return generic;
}

export interface DetectedActivity {
  template: ActivityTemplate;
  domain: CoachDomain;
  /** The classifier's evidence for the domain; 0 means it was a default, not a finding. */
  domainScore: number;
}

/**
 * Picks the activity a goal is about. The domain comes first (the user's hint, else the
 * classifier); inside it the first template whose cues match wins. When nothing in that domain
 * matches and the user gave no hint, a specific activity elsewhere beats the domain's catch-all
 * ("meditate to reduce stress" is a meditation habit, even if "stress" pointed at health).
 */
export function detectActivity(rawText: string, hint?: CoachDomain): DetectedActivity {
  const text = normalizeGoalText(rawText);
  const guess = classifyDomain(text, hint);
  const matches = (template: ActivityTemplate) => !template.generic && template.cues.test(text);
  const inDomain = TEMPLATES[guess.domain].find(matches);
  if (inDomain) return { template: inDomain, domain: guess.domain, domainScore: guess.score };
  if (!hint) {
    const scored = (Object.keys(TEMPLATES) as CoachDomain[])
      .map((domain) => ({ domain, score: classifyDomain(text, domain).score }))
      .sort((a, b) => b.score - a.score);
    for (const { domain, score } of scored) {
      const found = TEMPLATES[domain].find(matches);
      if (found) return { template: found, domain, domainScore: score };
    }
  }
  return { template: genericOf(guess.domain), domain: guess.domain, domainScore: guess.score };
}

export function genericTemplate(domain: CoachDomain): ActivityTemplate {
  return genericOf(domain);
}

/**
 * Every template whose cues match, best first (the domain's own, then other domains by the
 * classifier's score), so the caller can pass over one that would not keep the person's activity.
 */
export function candidateActivities(rawText: string, hint?: CoachDomain): DetectedActivity[] {
  const text = normalizeGoalText(rawText);
  const guess = classifyDomain(text, hint);
  const matches = (template: ActivityTemplate) => !template.generic && template.cues.test(text);
  const found: DetectedActivity[] = TEMPLATES[guess.domain]
    .filter(matches)
    .map((template) => ({ template, domain: guess.domain, domainScore: guess.score }));
  const others = (Object.keys(TEMPLATES) as CoachDomain[])
    .filter((domain) => domain !== guess.domain)
    .map((domain) => ({ domain, score: classifyDomain(text, domain).score }))
    .sort((a, b) => b.score - a.score);
  for (const { domain, score } of others) {
    for (const template of TEMPLATES[domain].filter(matches)) {
      // With a hint the template is used under the hinted domain; a borrowed template keeps the
      // domain with at least twice the evidence ("pass my driving test" is exam practice, in personal
      // development; "pass Grade 5 violin" is a music exam, not a career certificate).
      const domainOf =
        hint ?? (guess.score > 0 && score * 2 <= guess.score ? guess.domain : domain);
      found.push({ template, domain: domainOf, domainScore: Math.max(score, guess.score) });
    }
  }
  return found;
}
