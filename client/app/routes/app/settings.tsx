import { FeaturePending } from '#client/components/ui/feature-pending.tsx';

export function SettingsPage() {
  return (
    <FeaturePending title="Settings">
      Settings will hold your account (email, password, authenticator app, signed-in devices) and your notification preferences.
    </FeaturePending>
  );
}
