import { afterEach, describe, expect, it } from 'vitest';
import { useSentenceLayer } from '#server/ai/crisis-sentence-layer.ts';
import { goalDomainOpinion } from './domain-model.ts';
import { classifyDomain } from './domain.ts';
import { refineGoalOffline } from './refine-goal.ts';

const input = (text: string) => ({ text, today: '2026-03-10', timeZone: 'Europe/London' });

describe('the domain opinion', () => {
  afterEach(() => useSentenceLayer(false));

  it('is silent when the sentence encoder is off, so the keyword cues decide', () => {
    useSentenceLayer(false);
    expect(goalDomainOpinion('Pay off the rest of my car loan by August')).toBeNull();
  });

  it('reads the domain from what a statement means, where no cue names it', () => {
    useSentenceLayer(true);
    // no keyword cue of any domain in these words
    expect(classifyDomain('stop ghosting people I actually like').score).toBe(0);
    expect(goalDomainOpinion('stop ghosting people I actually like')).toBe('relationships');
    expect(goalDomainOpinion('Get my five-a-day most days and walk at lunch')).toBe('health');
    expect(goalDomainOpinion('Land a junior data analyst role by the autumn')).toBe('career');
  }, 30_000);

  it('outweighs the cues unless the person named the domain', () => {
    const text = 'Run a 10k by June';
    const opinion = () => 'career' as const;
    const cues = refineGoalOffline(input(text));
    const opined = refineGoalOffline(input(text), { domainOpinion: opinion });
    const named = refineGoalOffline(
      { ...input(text), domainHint: 'health' },
      { domainOpinion: opinion },
    );
    expect(cues.kind === 'smart' && cues.goal.domain).toBe('health');
    expect(opined.kind === 'smart' && opined.goal.domain).toBe('career');
    expect(named.kind === 'smart' && named.goal.domain).toBe('health');
  });
});
