import { describe, expect, it } from 'vitest';
import type { Assessment } from '#contracts/assessments.ts';
import {
  answersAt,
  isLastStep,
  resumeWizard,
  stepCount,
  validateStep,
  wizardReducer,
  type WizardState,
} from './wizard-state.ts';

const saved = (overrides: Partial<Assessment> = {}): Assessment => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'quick',
  status: 'in_progress',
  step: 0,
  answers: {},
  createdAt: '2025-03-03T09:00:00.000Z',
  updatedAt: '2025-03-03T09:00:00.000Z',
  completedAt: null,
  ...overrides,
});

describe('the assessment wizard', () => {
  it('resumes at the saved step with the saved answers; a step out of range is clamped', () => {
    const state = resumeWizard(saved({ step: 3, answers: { tone: 'direct' } }));
    expect(state).toEqual({ kind: 'quick', step: 3, answers: { tone: 'direct' }, errors: {} });
    expect(resumeWizard(saved({ step: 9 })).step).toBe(4);
    expect(stepCount('quick')).toBe(5);
    expect(stepCount('enhanced')).toBe(8);
  });

  it('an enhanced assessment starts with every rating at 5 (the sliders start there)', () => {
    const state = resumeWizard(saved({ kind: 'enhanced' }));
    expect(state.answers.ratings).toEqual({
      health: 5,
      career: 5,
      relationships: 5,
      personal_development: 5,
    });
    expect(validateStep('enhanced', 0, state.answers)).toEqual({});
  });

  it('Next is refused while a question of the step is unanswered, saying what each lacks', () => {
    let state: WizardState = resumeWizard(saved({ kind: 'enhanced', step: 1 }));
    state = wizardReducer(state, { type: 'next' });
    expect(state.step).toBe(1);
    expect(state.errors).toEqual({
      'health.priority': 'Say how much this area matters to you now.',
      'health.change': 'Choose what you would change first.',
    });
    // Answering the question clears its problems; Next then moves on.
    state = wizardReducer(state, {
      type: 'answer',
      question: 'health',
      value: { priority: 'high', change: 'sleep' },
    });
    expect(state.errors).toEqual({});
    state = wizardReducer(state, { type: 'next' });
    expect(state.step).toBe(2);
  });

  it('an answer out of range is a problem too; Back clears problems and stops at the first step', () => {
    let state = resumeWizard(saved({ step: 4, answers: { weeklyHours: 100 } }));
    state = wizardReducer(state, { type: 'next' });
    expect(state.errors).toEqual({
      weeklyHours: 'Enter the hours a week you can give: from 0.5 to 60.',
    });
    state = wizardReducer(state, { type: 'back' });
    expect(state).toMatchObject({ step: 3, errors: {} });
    state = wizardReducer(
      wizardReducer(wizardReducer(wizardReducer(state, { type: 'back' }), { type: 'back' }), {
        type: 'back',
      }),
      { type: 'back' },
    );
    expect(state.step).toBe(0);
  });

  it('too many choices are refused with the same words', () => {
    expect(validateStep('enhanced', 5, { values: ['health', 'growth', 'calm', 'family'] })).toEqual(
      { values: 'Choose one to three values.' },
    );
    expect(validateStep('quick', 0, { focusDomains: [] })).toEqual({
      focusDomains: 'Choose at least one area.',
    });
  });

  it('on the last step Next keeps the step (the page completes the assessment)', () => {
    let state = resumeWizard(saved({ step: 4, answers: { weeklyHours: 3 } }));
    expect(isLastStep(state)).toBe(true);
    state = wizardReducer(state, { type: 'next' });
    expect(state).toMatchObject({ step: 4, errors: {} });
  });

  it("saves only the step's own answers when it is left", () => {
    const answers = { tone: 'direct', weeklyHours: 2, focusDomains: ['health'] } as const;
    expect(answersAt('quick', 1, { ...answers, focusDomains: [...answers.focusDomains] })).toEqual({
      tone: 'direct',
    });
    expect(answersAt('quick', 2, {})).toEqual({});
  });
});
