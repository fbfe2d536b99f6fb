import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import { DeleteAccount } from '#client/features/account/components/delete-account.tsx';
import { AuthenticatorSettings } from '#client/features/account/components/authenticator-settings.tsx';
import { EmailSettings } from '#client/features/account/components/email-settings.tsx';
import { PasswordSettings } from '#client/features/account/components/password-settings.tsx';
import { SaveAccount } from '#client/features/account/components/save-account.tsx';
import { SettingsCard } from '#client/features/account/components/settings-card.tsx';
import { SignedInDevices } from '#client/features/account/components/signed-in-devices.tsx';
import { ChannelSettings } from '#client/features/channels/channel-settings.tsx';
import { CoachSharing } from '#client/features/coach-area/components/coach-sharing.tsx';
import { CoachDefaultsForm } from '#client/features/coaching/components/coach-defaults-form.tsx';
import {
  CheckInsSetting,
  MemorySettings,
} from '#client/features/coaching/components/coaching-settings.tsx';
import { NotificationPreferencesForm } from '#client/features/notifications/components/notification-preferences.tsx';
import { useOnboarding, useSaveOnboarding } from '#client/features/onboarding/api.ts';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';

/** Input that means the person is scrolling on their own: stop following the section. */
const userScrollEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to `#section` once the page is on screen, and keeps it in view while the cards above it
 * load and grow, until the person scrolls or clicks themselves.
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const scroll = () => document.getElementById(id)?.scrollIntoView();
    scroll();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(scroll);
    observer.observe(document.body);
    const stop = () => {
      observer.disconnect();
      for (const type of userScrollEvents) window.removeEventListener(type, stop);
    };
    for (const type of userScrollEvents) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [hash]);
}

/** The tone and focus areas chosen in onboarding, changeable here at any time. */
function CoachDefaults({ userId }: { userId: string }) {
  const onboarding = useOnboarding();
  const save = useSaveOnboarding();
  if (onboarding.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your choices...
      </p>
    );
  }
  if (!onboarding.data) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        Your choices could not load.{' '}
        <button
          type="button"
          className="text-primary underline"
          onClick={() => void onboarding.refetch()}
        >
          Try again
        </button>
      </p>
    );
  }
  return (
    <CoachDefaultsForm
      userId={userId}
      saved={onboarding.data}
      saving={save.isPending}
      onSave={(defaults) =>
        save.mutate(defaults, {
          onSuccess: () => toast.success('Coaching choices saved'),
          onError: (error) =>
            toast.error('Your choices were not saved', { description: error.message }),
        })
      }
    />
  );
}

export function SettingsPage() {
  const { auth, user } = useAuth();
  useScrollToHash();
  // The signed-in layout renders this page only with a user.
  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Settings</h1>
      <nav aria-label="Settings sections" className="mt-4 flex gap-2 text-sm">
        <a
          href="#account"
          className="rounded-full bg-muted px-3 py-1.5 font-medium hover:bg-primary-soft"
        >
          Account
        </a>
        <a
          href="#notifications"
          className="rounded-full bg-muted px-3 py-1.5 font-medium hover:bg-primary-soft"
        >
          Notifications
        </a>
        <a
          href="#coaching"
          className="rounded-full bg-muted px-3 py-1.5 font-medium hover:bg-primary-soft"
        >
          Coaching
        </a>
      </nav>

      <section id="account" aria-labelledby="account-heading" className="mt-8 scroll-mt-24">
        <h2 id="account-heading" className="text-lg font-semibold text-muted-foreground">
          Account
        </h2>
        <div className="mt-4 space-y-6">
          {user.is_anonymous ? (
            // Trying without an account (ADR 021): saving it comes before any other change.
            <SaveAccount auth={auth} />
          ) : (
            <>
              <EmailSettings auth={auth} user={user} />
              <PasswordSettings auth={auth} user={user} />
              <AuthenticatorSettings auth={auth} />
            </>
          )}
          <SignedInDevices auth={auth} />
          <DeleteAccount auth={auth} />
        </div>
      </section>

      <section
        id="notifications"
        aria-labelledby="notifications-heading"
        className="mt-10 scroll-mt-24"
      >
        <h2 id="notifications-heading" className="text-lg font-semibold text-muted-foreground">
          Notifications
        </h2>
        <div className="mt-4 space-y-6">
          <SettingsCard
            id="channels"
            title="Daily top three"
            description="Where your three tasks for the day are sent: email, SMS and push."
          >
            <ChannelSettings headingLevel="h4" />
          </SettingsCard>
          <SettingsCard
            title="In the app"
            description="Which kinds of notification appear under the bell."
          >
            <NotificationPreferencesForm userId={user.id} />
          </SettingsCard>
        </div>
      </section>

      <section id="coaching" aria-labelledby="coaching-heading" className="mt-10 scroll-mt-24">
        <h2 id="coaching-heading" className="text-lg font-semibold text-muted-foreground">
          Coaching
        </h2>
        <div className="mt-4 space-y-6">
          <SettingsCard
            id="coach-defaults"
            title="Tone and focus"
            description="How a new coach talks to you, and the areas of life you are working on."
          >
            <CoachDefaults userId={user.id} />
          </SettingsCard>
          <SettingsCard
            id="coach-memory"
            title="What your coaches remember"
            description="Short facts your coaches use in their replies. Only your coaches see them, and only for you."
          >
            <MemorySettings userId={user.id} />
          </SettingsCard>
          <SettingsCard id="check-ins" title="Check-ins">
            <CheckInsSetting userId={user.id} />
          </SettingsCard>
          <SettingsCard
            id="coach-sharing"
            title="Share with a human coach"
            description="Let a coach you work with see chosen parts of your progress and message you. Change or stop it at any time."
          >
            <CoachSharing userId={user.id} />
          </SettingsCard>
        </div>
      </section>
    </div>
  );
}
