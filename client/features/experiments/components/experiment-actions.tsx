import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Experiment } from '#contracts/experiments.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { paths } from '#client/lib/paths.ts';
import { useDeleteExperiment, useTransition, type ExperimentTransition } from '../api.ts';

type Action = ExperimentTransition | 'delete';

const CONFIRM: Record<Action, { title: string; text: string; label: string; danger: boolean }> = {
  start: {
    title: 'Start this experiment today?',
    text: 'It starts today and keeps its length.',
    label: 'Start today',
    danger: false,
  },
  end: {
    title: 'End this experiment now?',
    text: 'It is done as of today; the result compares the days you checked in.',
    label: 'End now',
    danger: false,
  },
  abandon: {
    title: 'Abandon this experiment?',
    text: 'It stops taking check-ins and stays in your list as abandoned.',
    label: 'Abandon',
    danger: true,
  },
  delete: {
    title: 'Delete this experiment?',
    text: 'The experiment and all its check-ins are deleted. This cannot be undone.',
    label: 'Delete',
    danger: true,
  },
};

/** Start now, end early, abandon, delete: each asks first. */
export function ExperimentActions({
  userId,
  experiment,
}: {
  userId: string;
  experiment: Experiment;
}) {
  const navigate = useNavigate();
  const transition = useTransition(userId);
  const remove = useDeleteExperiment(userId);
  const [asking, setAsking] = useState<Action | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const available: Action[] = [
    ...(experiment.status === 'planned' ? (['start'] as const) : []),
    ...(experiment.status === 'running' ? (['end'] as const) : []),
    ...(experiment.status === 'planned' || experiment.status === 'running'
      ? (['abandon'] as const)
      : []),
    'delete',
  ];
  const confirm = () => {
    if (!asking) return;
    setProblem(null);
    const onError = (error: Error) => {
      setAsking(null);
      setProblem(error.message);
    };
    if (asking === 'delete') {
      remove.mutate(experiment.id, {
        onSuccess: () => void navigate(paths.experiments),
        onError,
      });
      return;
    }
    transition.mutate(
      { id: experiment.id, action: asking },
      { onSuccess: () => setAsking(null), onError },
    );
  };
  const shown = asking ? CONFIRM[asking] : null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {available.map((action) => (
          <Button
            key={action}
            variant={action === 'start' ? 'primary' : 'outline'}
            onClick={() => setAsking(action)}
          >
            {action === 'start'
              ? 'Start today'
              : action === 'end'
                ? 'End early'
                : CONFIRM[action].label}
          </Button>
        ))}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={shown !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={shown?.title ?? ''}
        description={shown?.text ?? ''}
        confirmLabel={shown?.label ?? ''}
        tone={shown?.danger ? 'danger' : 'primary'}
        pending={transition.isPending || remove.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
