import { describe, expect, it } from 'vitest';
import { crisisResultSchema } from '#contracts/coach.ts';
import { crisisResult, detectCrisis, HEALTH_NOTE, withHealthNote } from './safety.ts';

describe('the crisis guard', () => {
  it.each([
    ['I want to kill myself', 'self_harm'],
    ["Honestly I don't want to live anymore", 'self_harm'],
    ['I have been cutting myself again', 'self_harm'],
    ['I keep thinking about suicide', 'self_harm'],
    ['Everyone would be better off without me', 'self_harm'],
    ['I’m planning to end my life', 'self_harm'],
    ['My husband hits me when he drinks', 'abuse'],
    ['I think I am in an abusive relationship', 'abuse'],
    ['I am scared of my partner', 'abuse'],
    ['He threatened to kill me', 'abuse'],
    ["I'm having chest pain right now", 'medical_emergency'],
    ["I can't breathe properly", 'medical_emergency'],
    ['I think I took too many pills', 'medical_emergency'],
  ])('"%s" → %s', (text, category) => {
    expect(detectCrisis([text])).toBe(category);
  });

  it.each([
    'I want to keep killing it at work and get promoted',
    'This deadline is killing me, I need better time management',
    "I'm dying to try that new climbing gym",
    'Dead tired every evening, want to sleep better',
    'Deadlift 100 kg by summer',
    'My boss will kill me if I miss the launch',
    'Improve my swimming stroke',
    'Train as a suicide prevention counsellor',
    'Stop beating myself up over small mistakes',
    'Run until I drop... just kidding, run a 10K',
    'Hit the gym 4 times a week',
    'Lose weight before my sister’s wedding',
  ])('leaves everyday language alone: "%s"', (text) => {
    expect(detectCrisis([text])).toBeNull();
  });

  it('reads every text it is given (answers too)', () => {
    expect(detectCrisis(['Be happier', undefined, 'some days I wish I were dead'])).toBe(
      'self_harm',
    );
  });

  it('gives help resources, the user’s region first', () => {
    const uk = crisisResultSchema.parse(crisisResult('self_harm', 'Europe/London'));
    expect(uk.resources[0]?.name).toBe('Samaritans');
    const us = crisisResult('abuse', 'America/Chicago');
    expect(us.resources[0]).toMatchObject({
      name: 'National Domestic Violence Hotline',
      region: 'US',
    });
    expect(crisisResult('medical_emergency').resources).toEqual([
      expect.objectContaining({ name: 'Emergency services' }),
    ]);
    expect(us.message).toMatch(/not your fault/);
  });
});

describe('the health note', () => {
  it('is added once, and only to health', () => {
    expect(withHealthNote(['a'], 'health')).toEqual(['a', HEALTH_NOTE]);
    expect(withHealthNote(['a', HEALTH_NOTE], 'health')).toEqual(['a', HEALTH_NOTE]);
    expect(withHealthNote(['a'], 'career')).toEqual(['a']);
    const ten = Array.from({ length: 10 }, (_, i) => `note ${i}`);
    expect(withHealthNote(ten, 'health')).toEqual([...ten.slice(0, 9), HEALTH_NOTE]);
  });
});
