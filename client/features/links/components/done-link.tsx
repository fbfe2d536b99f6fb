import { CircleCheck, CircleSlash } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CompleteLinkResult } from '#contracts/links.ts';
import { AuthCard } from '#client/components/auth/auth-card.tsx';
import { Button, buttonClasses } from '#client/components/ui/button.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { linkOnce } from '#client/lib/auth/link-once.ts';
import { loginPathFor } from '#client/lib/auth/redirects.ts';
import { messageOf } from '#client/lib/error-message.ts';
import { paths } from '#client/lib/paths.ts';
import { completeByLink } from '../api.ts';
import { LinkFailed, LinkOutcome } from './link-outcome.tsx';

type Stage =
  | { kind: 'working' }
  | { kind: 'done'; result: CompleteLinkResult }
  | { kind: 'skipped'; result: CompleteLinkResult }
  | { kind: 'confirming'; taskTitle: string }
  | { kind: 'failed'; message: string };

const MISSING = 'This link is missing its token. Open Trellis to mark the task done.';

/**
 * Where a message's one-tap "done" link lands: the task is completed as the page opens, once,
 * with no sign-in (the signed token says which task and whose). A task the person skipped in the
 * app since the message went out is not completed silently: the page asks first.
 */
export function DoneLink() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [stage, setStage] = useState<Stage>(() =>
    token ? { kind: 'working' } : { kind: 'failed', message: MISSING },
  );

  useEffect(() => {
    if (!token) return;
    let active = true;
    // Once per page load, however often React runs this effect.
    linkOnce(`done:${token}`, () => completeByLink(token)).then(
      (result) => {
        if (active)
          setStage(
            result.outcome === 'skipped' ? { kind: 'skipped', result } : { kind: 'done', result },
          );
      },
      (error: unknown) => {
        if (!active) return;
        setStage({
          kind: 'failed',
          message: messageOf(error, 'Could not mark the task done. Please try again.'),
        });
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  const completeAnyway = () => {
    if (!token || stage.kind !== 'skipped') return;
    setStage({ kind: 'confirming', taskTitle: stage.result.taskTitle });
    completeByLink(token, { evenIfSkipped: true }).then(
      (result) => setStage({ kind: 'done', result }),
      (error: unknown) =>
        setStage({
          kind: 'failed',
          message: messageOf(error, 'Could not mark the task done. Please try again.'),
        }),
    );
  };

  const openTrellis = (
    <Link
      to={user ? paths.tasks : loginPathFor(paths.tasks)}
      className={buttonClasses('primary', 'lg', 'mt-6 w-full')}
    >
      {user ? 'Open your tasks' : 'Open Trellis'}
    </Link>
  );

  switch (stage.kind) {
    case 'working':
      return (
        <AuthCard title="Marking it done">
          <div
            role="status"
            className="flex flex-col items-center gap-3 py-4 text-muted-foreground"
          >
            <Spinner />
            <p className="text-sm">Checking your link...</p>
          </div>
        </AuthCard>
      );
    case 'skipped':
    case 'confirming': {
      const taskTitle = stage.kind === 'skipped' ? stage.result.taskTitle : stage.taskTitle;
      return (
        <AuthCard title="You skipped this one">
          <LinkOutcome icon={<CircleSlash aria-hidden="true" />} tone="success">
            <p role="status">
              You skipped <span className="font-semibold">{taskTitle}</span> in Trellis.
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              Did you do it after all? Nothing changes unless you say so.
            </p>
          </LinkOutcome>
          <Button
            className="mt-6 w-full"
            size="lg"
            onClick={completeAnyway}
            disabled={stage.kind === 'confirming'}
          >
            {stage.kind === 'confirming' ? 'Marking it done...' : 'Yes, mark it done'}
          </Button>
          <Link
            to={user ? paths.tasks : loginPathFor(paths.tasks)}
            className={buttonClasses('secondary', 'lg', 'mt-3 w-full')}
          >
            Keep it skipped
          </Link>
        </AuthCard>
      );
    }
    case 'done': {
      const { taskTitle, outcome } = stage.result;
      return (
        <AuthCard title={outcome === 'done' ? 'Marked done' : 'Already done'}>
          <LinkOutcome icon={<CircleCheck aria-hidden="true" />} tone="success">
            <p role="status">
              {outcome === 'done' ? 'Marked done: ' : 'Already done: '}
              <span className="font-semibold">{taskTitle}</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {outcome === 'done'
                ? 'One less thing for today. Nice work.'
                : 'This task was closed before; nothing changed.'}
            </p>
          </LinkOutcome>
          {openTrellis}
        </AuthCard>
      );
    }
    case 'failed':
      return <LinkFailed message={stage.message}>{openTrellis}</LinkFailed>;
  }
}
