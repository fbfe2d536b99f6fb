import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomizeCoach, UserCoach } from '#contracts/coaching.ts';
import { makeCoach, USER } from '#client/test/coach-screen-fixtures.ts';
import { deferred, fakeApi, renderScreen } from '#client/test/fake-api.tsx';
import { useCustomizeCoach, useSaveOrReset } from './customize-api.ts';

vi.mock('#client/lib/auth-client.ts', () => ({
  getAuthClient: async () => ({
    auth: {
      getSession: async () => ({ data: { session: { access_token: 'test-token' } }, error: null }),
    },
  }),
}));

afterEach(() => vi.unstubAllGlobals());

const coach = makeCoach();
const PATCH = `PATCH /api/coach/coaches/${coach.id}`;

/** Save and Reset buttons over the hook, as a page would wire them. */
function Probe({
  adopt,
  explainedInPlace,
}: {
  adopt: (saved: UserCoach) => void;
  explainedInPlace?: (error: Error) => boolean;
}) {
  const mutation = useSaveOrReset(useCustomizeCoach(USER, coach.id), adopt, {
    saved: (saved) => ({ title: 'Saved', description: `Now ${saved.name}.` }),
    reset: () => ({ title: 'Reset done' }),
    notSaved: 'Not saved',
    notReset: 'Not reset',
    ...(explainedInPlace ? { explainedInPlace } : {}),
  });
  return (
    <>
      <button
        type="button"
        disabled={mutation.isPending}
        onClick={() => mutation.save({ name: 'Sage' })}
      >
        Save
      </button>
      <button type="button" disabled={mutation.isPending} onClick={mutation.reset}>
        Reset
      </button>
      {mutation.isError ? <p>Error kept: {mutation.error?.message}</p> : null}
    </>
  );
}

const failure = (status: number, message: string) => ({
  status,
  body: { error: { code: status === 400 ? 'invalid_input' : 'internal', message, requestId: 't' } },
});

describe('useSaveOrReset', () => {
  it('saves, waits while pending, hands the saved coach to the page and says so', async () => {
    const release = deferred<void>();
    const calls = fakeApi({
      [PATCH]: async (call) => {
        await release.promise;
        return { body: { ...coach, ...(call.body as CustomizeCoach) } };
      },
    });
    const adopt = vi.fn();
    renderScreen(<Probe adopt={adopt} />);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    release.resolve();

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('Now Sage.')).toBeInTheDocument();
    expect(adopt).toHaveBeenCalledWith(expect.objectContaining({ name: 'Sage' }));
    expect(calls.callsTo(PATCH).map((call) => call.body)).toEqual([{ name: 'Sage' }]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('resets with { reset: true } and the reset toast', async () => {
    const calls = fakeApi({ [PATCH]: () => ({ body: { ...coach, name: 'Rowan' } }) });
    const adopt = vi.fn();
    renderScreen(<Probe adopt={adopt} />);

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Reset done')).toBeInTheDocument();
    expect(calls.callsTo(PATCH).map((call) => call.body)).toEqual([{ reset: true }]);
    expect(adopt).toHaveBeenCalledWith(expect.objectContaining({ name: 'Rowan' }));
  });

  it("gives the server's words under the page's title when a save or a reset fails", async () => {
    fakeApi({ [PATCH]: () => failure(409, 'That name is taken on your team.') });
    const adopt = vi.fn();
    renderScreen(<Probe adopt={adopt} />);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not saved')).toBeInTheDocument();
    expect(screen.getByText('That name is taken on your team.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Not reset')).toBeInTheDocument();
    expect(adopt).not.toHaveBeenCalled();
  });

  it('says "Something went wrong" when the server has no words for the person', async () => {
    fakeApi({ [PATCH]: () => failure(500, 'boom') });
    renderScreen(<Probe adopt={vi.fn()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Something went wrong. Try again.')).toBeInTheDocument();
  });

  it('leaves a failed save the page explains in place without a toast, the error kept', async () => {
    fakeApi({ [PATCH]: () => failure(400, 'Name is too long.') });
    renderScreen(<Probe adopt={vi.fn()} explainedInPlace={() => true} />);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Error kept: Name is too long.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Not saved')).not.toBeInTheDocument());
  });
});
