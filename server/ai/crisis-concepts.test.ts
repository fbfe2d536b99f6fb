import { describe, expect, it } from 'vitest';
import { conceptCategory, hasRiskConcept, setAside, tagConcepts } from './crisis-concepts.ts';
import { detectCrisis, detectCrisisByLexicon, sentencesOf } from './crisis-guard.ts';
import { classProbabilities, modelFeatures, trainModel } from './crisis-model.ts';

const concepts = (text: string) => [...tagConcepts(sentencesOf(text)[0] ?? '')];

describe('concept tagging', () => {
  it('tags the concepts a sentence holds, whatever the exact words', () => {
    expect(concepts('I have been stockpiling my sertraline')).toContain('MEANS_PREP');
    expect(concepts('there is no version of next year with me in it')).toContain('FUTURE_ABSENCE');
    expect(concepts('he goes through my phone every night')).toEqual(
      expect.arrayContaining(['KIN', 'CONTROL']),
    );
    expect(concepts('my 2 year old just drank some of the dishwasher liquid')).toContain(
      'INGEST_ERROR',
    );
    expect(concepts('her arm suddenly went weak')).toContain('SYMPTOM');
  });

  it('cancels a concept that a negation just before it denies', () => {
    expect(concepts('I would hurt myself')).toContain('SH_ACT');
    expect(concepts('I would never hurt myself')).not.toContain('SH_ACT');
    expect(concepts('he hits me')).toContain('HURT_ME');
    expect(concepts('he has never hit me')).not.toContain('HURT_ME');
    // a future "will not be" is no denial: it is the finality the concept is about
    expect(concepts('soon I will not be a burden to anyone')).toContain('BURDEN');
  });

  it('reads text-speak the normaliser spells out', () => {
    expect(sentencesOf('everyone would be happier w/o me tbh')[0]).toBe(
      'everyone would be happier without me to be honest',
    );
    expect(detectCrisis(['relapsed on sh after 200 days'])).toBe('self_harm');
  });
});

describe('concept rules', () => {
  const category = (text: string) => conceptCategory(sentencesOf(text));

  it('flags concepts that meet only in a crisis, in words no lexicon entry holds', () => {
    expect(category('there is no version of next year with me in it')).toBe('suicide');
    expect(
      category('my mum keeps her oxy in the cabinet. counted them, 60. that is enough right'),
    ).toBe('suicide');
    expect(category('the box under my bed has the blades in it')).toBe('self_harm');
    expect(category('I hide food in napkins so my mum thinks I am eating')).toBe('eating');
    expect(category('the kids next door have been alone in the house for 3 days')).toBe('abuse');
    expect(category('my grandma cannot smile properly and her arm went weak just now')).toBe(
      'medical_emergency',
    );
  });

  it('joins sentences for thoughts spread over a message', () => {
    // a weapon in one sentence, the grievance in the next
    expect(category('I have my brother s shotgun. He will regret firing me.')).toBe(
      'harm_to_others',
    );
    expect(
      category('I sat outside his house for two hours. There was a knife in the glovebox. Yet.'),
    ).toBe('harm_to_others');
  });

  it('leaves the same concepts alone in a story, the past or a joke', () => {
    expect(category('In my novel the character has no version of next year with her in it')).toBe(
      null,
    );
    expect(category('Years ago I used to hide food in napkins, now I coach nutrition')).toBe(null);
    expect(category('my team lead is a nightmare, I want to strangle her lol')).toBe(null);
    expect(category('leg day was brutal, cannot feel my legs')).toBe(null);
  });
});

describe('frames around the lexicon', () => {
  it('sets aside a story, study or joke that says nothing of the writer’s own danger', () => {
    const s = (text: string) => sentencesOf(text)[0] ?? '';
    expect(setAside(s('writing a thriller where the victim was poisoned'))).toBe(true);
    expect(setAside(s('going to die on the stairs tomorrow haha'))).toBe(true);
    expect(setAside(s('i want to kill myself lol'))).toBe(false);
    expect(
      detectCrisisByLexicon(['Studying for my nursing exam - paracetamol overdose management']),
    ).toBe(null);
    expect(detectCrisis(['Revising for exams and honestly I want to kill myself'])).toBe('suicide');
  });
});

describe('the model', () => {
  it('learns from rows and is only asked when a specific concept is present', () => {
    const rows = [
      { features: modelFeatures(['i want to disappear forever']), label: 'suicide' as const },
      { features: modelFeatures(['i want to visit paris']), label: 'none' as const },
    ];
    const model = trainModel(rows, { epochs: 30, minCount: 1 });
    const [none] = classProbabilities(model, modelFeatures(['i want to disappear forever']));
    expect(none).toBeLessThan(0.5);
    expect(hasRiskConcept(['i want to visit paris'])).toBe(false);
    expect(hasRiskConcept(['i have been stockpiling my pills'])).toBe(true);
  });
});
