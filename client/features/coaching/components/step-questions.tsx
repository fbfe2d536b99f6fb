import {
  accountabilityStyles,
  challenges,
  domainChanges,
  motivationStyles,
  personalValues,
  priorities,
  type AssessmentQuestion,
  type DraftAnswers,
} from '#contracts/assessments.ts';
import { coachDomainLabels, coachDomains, type CoachDomain } from '#contracts/coach.ts';
import { coachToneLabels, coachTones } from '#contracts/onboarding.ts';
import { questionText, toneDescriptions } from '../questions.ts';
import type { WizardAction } from '../wizard-state.ts';
import {
  HoursField,
  ManyChoices,
  QuestionGroup,
  RatingSlider,
  SingleChoice,
} from './question-fields.tsx';

interface StepProps {
  question: AssessmentQuestion;
  answers: DraftAnswers;
  errors: Readonly<Record<string, string>>;
  answer: (action: Extract<WizardAction, { type: 'answer' }>) => void;
}

const isDomain = (question: string): question is CoachDomain =>
  (coachDomains as readonly string[]).includes(question);

/** The two questions about one domain: how much it matters now and what to change first. */
function DomainQuestions({ domain, answers, errors, answer }: StepProps & { domain: CoachDomain }) {
  const current = answers[domain];
  const label = coachDomainLabels[domain];
  const change = domainChanges[domain];
  const set = (part: Partial<{ priority: string; change: string }>) =>
    answer({
      type: 'answer',
      question: domain,
      // Half an answer is kept on screen; the step checks both halves before it is saved.
      value: { ...current, ...part } as DraftAnswers[CoachDomain],
    });
  return (
    <div className="space-y-8">
      <h2 className="text-xl font-semibold sm:text-2xl">{label}</h2>
      <SingleChoice
        name={`${domain}-priority`}
        legend={`How much does ${label.toLowerCase()} matter to you right now?`}
        ids={priorities.ids}
        labels={priorities.labels}
        value={current?.priority}
        onChange={(priority) => set({ priority })}
        error={errors[`${domain}.priority`]}
      />
      <SingleChoice
        name={`${domain}-change`}
        legend="What would you change first?"
        ids={change.ids}
        labels={change.labels}
        value={current?.change}
        onChange={(value) => set({ change: value })}
        error={errors[`${domain}.change`]}
      />
    </div>
  );
}

/** The question (or questions) of one step, wired to the wizard's answers and problems. */
export function StepQuestions(props: StepProps) {
  const { question, answers, errors, answer } = props;
  const text = questionText[question];
  const heading = { legend: text.title, hint: text.hint, asHeading: true, error: errors[question] };
  const set = <Q extends AssessmentQuestion>(q: Q, value: DraftAnswers[Q]) =>
    answer({ type: 'answer', question: q, value });

  if (isDomain(question)) return <DomainQuestions {...props} domain={question} />;
  switch (question) {
    case 'focusDomains':
      return (
        <ManyChoices
          {...heading}
          name="focus"
          ids={coachDomains}
          labels={coachDomainLabels}
          value={answers.focusDomains ?? []}
          onChange={(value) => set('focusDomains', value)}
        />
      );
    case 'tone':
      return (
        <SingleChoice
          {...heading}
          name="tone"
          ids={coachTones}
          labels={coachToneLabels}
          descriptions={toneDescriptions}
          value={answers.tone}
          onChange={(value) => set('tone', value)}
        />
      );
    case 'biggestChallenge':
      return (
        <SingleChoice
          {...heading}
          name="challenge"
          ids={challenges.ids}
          labels={challenges.labels}
          value={answers.biggestChallenge}
          onChange={(value) => set('biggestChallenge', value)}
        />
      );
    case 'motivationStyle':
      return (
        <SingleChoice
          {...heading}
          name="motivation"
          ids={motivationStyles.ids}
          labels={motivationStyles.labels}
          value={answers.motivationStyle}
          onChange={(value) => set('motivationStyle', value)}
        />
      );
    case 'weeklyHours':
      return (
        <HoursField
          label={text.title}
          hint={text.hint}
          value={answers.weeklyHours}
          onChange={(value) => set('weeklyHours', value)}
          error={errors.weeklyHours}
        />
      );
    case 'ratings': {
      const ratings = answers.ratings;
      return (
        <QuestionGroup {...heading}>
          {() => (
            <div className="space-y-6">
              {coachDomains.map((domain) => (
                <RatingSlider
                  key={domain}
                  label={coachDomainLabels[domain]}
                  value={ratings?.[domain] ?? 5}
                  onChange={(value) =>
                    set('ratings', {
                      health: 5,
                      career: 5,
                      relationships: 5,
                      personal_development: 5,
                      ...ratings,
                      [domain]: value,
                    })
                  }
                  error={errors[`ratings.${domain}`]}
                />
              ))}
            </div>
          )}
        </QuestionGroup>
      );
    }
    case 'values':
      return (
        <ManyChoices
          {...heading}
          name="values"
          ids={personalValues.ids}
          labels={personalValues.labels}
          value={answers.values ?? []}
          onChange={(value) => set('values', value)}
        />
      );
    case 'obstacles':
      return (
        <ManyChoices
          {...heading}
          name="obstacles"
          ids={challenges.ids}
          labels={challenges.labels}
          value={answers.obstacles ?? []}
          onChange={(value) => set('obstacles', value)}
        />
      );
    case 'accountability':
      return (
        <SingleChoice
          {...heading}
          name="accountability"
          ids={accountabilityStyles.ids}
          labels={accountabilityStyles.labels}
          value={answers.accountability}
          onChange={(value) => set('accountability', value)}
        />
      );
  }
}
