import { FlaskConical, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { EmptyState, ErrorState } from '#client/components/ui/states.tsx';
import { useExperiments } from '../api.ts';
import { groupExperiments } from '../experiment-state.ts';
import { ExperimentCard } from './experiment-card.tsx';
import { ExperimentDetailView } from './experiment-detail.tsx';
import { NewExperimentDialog } from './new-experiment-dialog.tsx';

/** /experiments: the list, or one experiment's detail when the address names it (?id=). */
export function ExperimentsScreen({ userId }: { userId: string }) {
  const [search] = useSearchParams();
  const id = search.get('id');
  if (id) return <ExperimentDetailView userId={userId} id={id} />;
  return <ExperimentList userId={userId} />;
}

function ExperimentList({ userId }: { userId: string }) {
  const experiments = useExperiments(userId);
  const [creating, setCreating] = useState(false);
  const newButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" className="size-4" />
      New experiment
    </Button>
  );
  const dialog = experiments.data && (
    <NewExperimentDialog
      userId={userId}
      today={experiments.data.localDate}
      open={creating}
      onOpenChange={setCreating}
    />
  );

  if (experiments.isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading your experiments">
        <Skeleton className="h-32 w-full rounded-2xl" />
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    );
  }
  if (experiments.isError) {
    return (
      <ErrorState
        title="Your experiments could not load"
        onRetry={() => void experiments.refetch()}
      />
    );
  }
  const { localDate, experiments: list } = experiments.data;
  if (list.length === 0) {
    return (
      <>
        <EmptyState
          icon={<FlaskConical aria-hidden="true" />}
          title="No experiments yet"
          action={newButton}
        >
          <p>
            An experiment is one change you try for 7 to 28 days — going to bed earlier, a walk
            after lunch — with a question it should answer. Check in once a day with a 1–5 rating or
            a number, and at the end see how the days compared with before.
          </p>
          <p className="mt-2">Start one here, or ask your coach to suggest one.</p>
        </EmptyState>
        {dialog}
      </>
    );
  }
  return (
    <div className="space-y-8">
      <div className="flex justify-end">{newButton}</div>
      {groupExperiments(list).map((section) => (
        <section key={section.status} aria-labelledby={`experiments-${section.status}`}>
          <h2 id={`experiments-${section.status}`} className="mb-3 text-lg font-semibold">
            {section.title}{' '}
            <span className="text-sm font-normal text-muted-foreground">
              ({section.experiments.length})
            </span>
          </h2>
          <ul className="space-y-3">
            {section.experiments.map((experiment) => (
              <ExperimentCard
                key={experiment.id}
                userId={userId}
                experiment={experiment}
                today={localDate}
              />
            ))}
          </ul>
        </section>
      ))}
      {dialog}
    </div>
  );
}
