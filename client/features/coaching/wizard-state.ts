import type { z } from 'zod';
import {
  assessmentSteps,
  enhancedAnswersSchema,
  quickAnswersSchema,
  type Assessment,
  type AssessmentKind,
  type AssessmentQuestion,
  type DraftAnswers,
} from '#contracts/assessments.ts';
import { coachDomainLabels, coachDomains, type CoachDomain } from '#contracts/coach.ts';

// The assessment wizard's state, without React: the step shown, the answers given (saved or not
// yet), and the problems of the step the person tried to leave. Tested in wizard-state.test.ts.

export interface WizardState {
  kind: AssessmentKind;
  /** The step shown (0-based). */
  step: number;
  answers: DraftAnswers;
  /** Problems by question path ("weeklyHours", "health.priority"), set when Next was refused. */
  errors: Readonly<Record<string, string>>;
}

export type WizardAction =
  | { type: 'answer'; question: AssessmentQuestion; value: DraftAnswers[AssessmentQuestion] }
  | { type: 'next' }
  | { type: 'back' };

export const stepCount = (kind: AssessmentKind): number => assessmentSteps[kind].length;

export function questionsAt(kind: AssessmentKind, step: number): readonly AssessmentQuestion[] {
  return assessmentSteps[kind][step] ?? [];
}

export const isLastStep = (state: WizardState): boolean => state.step === stepCount(state.kind) - 1;

/** The sliders show a middle value from the start, so an untouched rating counts as a 5. */
const MIDDLE_RATING = 5;
const middleRatings = Object.fromEntries(coachDomains.map((d) => [d, MIDDLE_RATING])) as Record<
  CoachDomain,
  number
>;

/** The wizard at the saved step with the saved answers (a new assessment starts at step 0). */
export function resumeWizard(saved: Assessment): WizardState {
  const answers: DraftAnswers =
    saved.kind === 'enhanced' && !saved.answers.ratings
      ? { ...saved.answers, ratings: { ...middleRatings } }
      : saved.answers;
  const step = Math.min(Math.max(saved.step, 0), stepCount(saved.kind) - 1);
  return { kind: saved.kind, step, answers, errors: {} };
}

const domainMessages = Object.fromEntries(
  coachDomains.flatMap((domain) => [
    [`${domain}.priority`, 'Say how much this area matters to you now.'],
    [`${domain}.change`, 'Choose what you would change first.'],
    [`ratings.${domain}`, `Rate ${coachDomainLabels[domain]} from 0 to 10.`],
  ]),
);

/** What to say about a question left unanswered or answered out of range. */
const messages: Readonly<Record<string, string>> = {
  focusDomains: 'Choose at least one area.',
  tone: 'Choose a tone.',
  biggestChallenge: 'Choose your biggest challenge.',
  motivationStyle: 'Choose what keeps you going.',
  weeklyHours: 'Enter the hours a week you can give: from 0.5 to 60.',
  values: 'Choose one to three values.',
  obstacles: 'Choose one to three obstacles.',
  accountability: 'Choose how you like to be kept on track.',
  ...domainMessages,
};

/** The problems of one step's questions, by question path; empty when the step can be left. */
export function validateStep(
  kind: AssessmentKind,
  step: number,
  answers: DraftAnswers,
): Record<string, string> {
  const shape: Readonly<Record<string, z.ZodType>> =
    kind === 'quick' ? quickAnswersSchema.shape : enhancedAnswersSchema.shape;
  const errors: Record<string, string> = {};
  for (const question of questionsAt(kind, step)) {
    const schema = shape[question];
    if (!schema) continue;
    const value: unknown = answers[question];
    // An object question with nothing answered yet: check each part, so each says what it lacks.
    const isObject =
      question === 'ratings' || (coachDomains as readonly string[]).includes(question);
    const parsed = schema.safeParse(value === undefined && isObject ? {} : value);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      const path = [question, ...issue.path.map(String)].join('.');
      errors[path] ??= messages[path] ?? messages[question] ?? issue.message;
    }
  }
  return errors;
}

/** The answers of one step, as they are saved when the step is left. */
export function answersAt(kind: AssessmentKind, step: number, answers: DraftAnswers): DraftAnswers {
  return Object.fromEntries(
    questionsAt(kind, step)
      .filter((question) => answers[question] !== undefined)
      .map((question) => [question, answers[question]]),
  );
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'answer': {
      const answers = { ...state.answers, [action.question]: action.value };
      // A problem goes once its question is answered again (the rest stay until Next).
      const errors = Object.fromEntries(
        Object.entries(state.errors).filter(
          ([path]) => path !== action.question && !path.startsWith(`${action.question}.`),
        ),
      );
      return { ...state, answers, errors };
    }
    case 'next': {
      const errors = validateStep(state.kind, state.step, state.answers);
      if (Object.keys(errors).length > 0) return { ...state, errors };
      if (isLastStep(state)) return { ...state, errors: {} };
      return { ...state, step: state.step + 1, errors: {} };
    }
    case 'back':
      return { ...state, step: Math.max(0, state.step - 1), errors: {} };
  }
}
