import { AuthApiError } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeAuth, makeSession, makeUser, renderWithAuth } from '#client/test/fake-auth.tsx';
import { TryWithoutAccount } from './try-without-account.tsx';

afterEach(() => {
  toast.dismiss();
});

const render = (fakeAuth: ReturnType<typeof createFakeAuth>) =>
  renderWithAuth([{ path: '/signup', element: <TryWithoutAccount /> }], {
    auth: fakeAuth.auth,
    initialEntries: ['/signup'],
  });

describe('TryWithoutAccount', () => {
  it('signs in anonymously and goes to onboarding', async () => {
    const fakeAuth = createFakeAuth();
    const session = makeSession({ user: makeUser({ email: '', is_anonymous: true }) });
    fakeAuth.fake.signInAnonymously.mockImplementation(async () => {
      fakeAuth.emit('SIGNED_IN', session);
      return { data: { user: session.user, session }, error: null };
    });
    const { router } = render(fakeAuth);
    await userEvent.click(await screen.findByRole('button', { name: 'Try it without an account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(fakeAuth.fake.signInAnonymously).toHaveBeenCalledTimes(1);
  });

  it("shows the server's words when anonymous sign-ins are refused", async () => {
    const fakeAuth = createFakeAuth();
    fakeAuth.fake.signInAnonymously.mockResolvedValue({
      data: { user: null, session: null },
      error: new AuthApiError(
        'Anonymous sign-ins are disabled',
        422,
        'anonymous_provider_disabled',
      ),
    });
    render(fakeAuth);
    await userEvent.click(await screen.findByRole('button', { name: 'Try it without an account' }));
    expect(await screen.findByText('Anonymous sign-ins are disabled')).toBeInTheDocument();
  });
});
