import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AuthenticatorSettings } from '#client/features/account/components/authenticator-settings.tsx';
import { EmailSettings } from '#client/features/account/components/email-settings.tsx';
import { PasswordSettings } from '#client/features/account/components/password-settings.tsx';
import { SettingsCard } from '#client/features/account/components/settings-card.tsx';
import { SignedInDevices } from '#client/features/account/components/signed-in-devices.tsx';
import { useAuth } from '#client/features/auth/auth-provider.tsx';
import { NotificationPreferencesForm } from '#client/features/notifications/components/notification-preferences.tsx';

/** Scrolls to `#section` once the page is on screen (the sign-in check may have delayed it). */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
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
      </nav>

      <section id="account" aria-labelledby="account-heading" className="mt-8 scroll-mt-24">
        <h2 id="account-heading" className="text-lg font-semibold text-muted-foreground">
          Account
        </h2>
        <div className="mt-4 space-y-6">
          <EmailSettings auth={auth} user={user} />
          <PasswordSettings auth={auth} user={user} />
          <AuthenticatorSettings auth={auth} />
          <SignedInDevices auth={auth} />
        </div>
      </section>

      <div className="mt-10">
        <SettingsCard
          id="notifications"
          headingLevel="h2"
          title="Notifications"
          description="Which kinds of notification appear under the bell. Email, SMS and push for your daily top three come with delivery settings."
        >
          <NotificationPreferencesForm userId={user.id} />
        </SettingsCard>
      </div>
    </div>
  );
}
