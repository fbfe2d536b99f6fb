import type { Factor } from '@supabase/supabase-js';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { type AccountAuthApi } from '../account-api.ts';
import { messageOf } from '#client/lib/error-message.ts';
import { SettingsCard } from './settings-card.tsx';

interface Enrollment {
  factorId: string;
  qrCode: string;
  secret: string;
}

type View =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; verified: Factor[]; unverified: Factor[] };

const FRIENDLY_NAME = 'Authenticator app';

const SVG_PREFIX = 'data:image/svg+xml;utf-8,';

/**
 * supabase-js hands the QR code over as `data:image/svg+xml;utf-8,<svg…>` with the markup
 * unescaped; a `#` in it (a colour) would end the URL early, so the markup is encoded here.
 */
export function qrCodeSource(qrCode: string): string {
  if (!qrCode.startsWith(SVG_PREFIX)) return qrCode;
  const markup = qrCode.slice(SVG_PREFIX.length);
  return markup.startsWith('<')
    ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`
    : qrCode;
}

/** Groups a base32 secret in fours so it can be typed from the screen. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Adds or removes a TOTP authenticator app. With one verified, every sign-in asks for its code
 * after the password.
 */
export function AuthenticatorSettings({ auth }: { auth: AccountAuthApi }) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState<string | null>(null);

  const show = useCallback((result: Awaited<ReturnType<AccountAuthApi['mfa']['listFactors']>>) => {
    if (result.error) {
      setView({
        kind: 'failed',
        message: messageOf(result.error, 'Could not load your authenticator apps.'),
      });
      return;
    }
    const totp = result.data.all.filter((factor) => factor.factor_type === 'totp');
    setView({
      kind: 'ready',
      verified: totp.filter((factor) => factor.status === 'verified'),
      unverified: totp.filter((factor) => factor.status !== 'verified'),
    });
  }, []);

  const load = async () => show(await auth.mfa.listFactors());

  useEffect(() => {
    let active = true;
    void auth.mfa.listFactors().then((result) => {
      if (active) show(result);
    });
    return () => {
      active = false;
    };
  }, [auth, show]);

  const start = async () => {
    if (view.kind !== 'ready') return;
    setBusy(true);
    try {
      // An abandoned earlier attempt would clash with the new one's name.
      for (const stale of view.unverified) {
        await auth.mfa.unenroll({ factorId: stale.id });
      }
      const { data, error } = await auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: FRIENDLY_NAME,
      });
      if (error) throw error;
      setCode('');
      setEnrollment({
        factorId: data.id,
        qrCode: qrCodeSource(data.totp.qr_code),
        secret: data.totp.secret,
      });
    } catch (error: unknown) {
      toast.error('Error', {
        description: messageOf(error, 'Could not start the set-up. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enrollment) return;
    setBusy(true);
    try {
      const { error } = await auth.mfa.challengeAndVerify({ factorId: enrollment.factorId, code });
      if (error) throw error;
      setEnrollment(null);
      toast.success('Authenticator app added', {
        description: 'From now on, logging in asks for a code from the app.',
      });
      await load();
    } catch (error: unknown) {
      setCode('');
      toast.error('Error', {
        description: messageOf(error, 'That code did not work. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!enrollment) return;
    setBusy(true);
    await auth.mfa.unenroll({ factorId: enrollment.factorId });
    setEnrollment(null);
    setBusy(false);
    await load();
  };

  const remove = async (factorId: string) => {
    setBusy(true);
    try {
      const { error } = await auth.mfa.unenroll({ factorId });
      if (error) throw error;
      setConfirmingRemoval(null);
      toast.success('Authenticator app removed', {
        description: 'Logging in now needs only your password.',
      });
      await load();
    } catch (error: unknown) {
      toast.error('Error', {
        description: messageOf(error, 'Could not remove the app. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard
      title="Authenticator app"
      description="Two-step login: after your password, a 6-digit code from an app such as Aegis, Google Authenticator or 1Password."
    >
      {view.kind === 'loading' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4 border-2" /> Loading...
        </p>
      ) : null}

      {view.kind === 'failed' ? (
        <div className="space-y-3">
          <p role="alert" className="text-sm text-danger">
            {view.message}
          </p>
          <Button variant="outline" size="sm" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      ) : null}

      {view.kind === 'ready' && view.verified.length > 0 ? (
        <ul className="space-y-3">
          {view.verified.map((factor) => (
            <li
              key={factor.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl border p-4"
            >
              <span className="flex items-center gap-3">
                <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
                <span>
                  <span className="block text-sm font-medium">
                    {factor.friendly_name ?? FRIENDLY_NAME}
                  </span>
                  <span className="block text-sm text-muted-foreground">
                    On since {new Date(factor.created_at).toLocaleDateString()}
                  </span>
                </span>
              </span>
              {confirmingRemoval === factor.id ? (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-sm">Remove two-step login?</span>
                  <Button
                    variant="danger"
                    size="sm"
                    disabled={busy}
                    onClick={() => void remove(factor.id)}
                  >
                    {busy ? 'Removing...' : 'Remove'}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setConfirmingRemoval(null)}>
                    Keep it
                  </Button>
                </span>
              ) : (
                <Button variant="outline" size="sm" onClick={() => setConfirmingRemoval(factor.id)}>
                  <ShieldOff aria-hidden="true" className="size-4" />
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {view.kind === 'ready' && view.verified.length === 0 && !enrollment ? (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground">Two-step login is off.</p>
          <Button variant="outline" disabled={busy} onClick={() => void start()}>
            {busy ? 'Starting...' : 'Set up authenticator app'}
          </Button>
        </div>
      ) : null}

      {enrollment ? (
        <form onSubmit={(event) => void verify(event)} className="space-y-5">
          <ol className="list-decimal space-y-4 pl-5 text-sm">
            <li>
              Scan this QR code with your authenticator app.
              <img
                src={enrollment.qrCode}
                alt="QR code to add Trellis to your authenticator app"
                width={176}
                height={176}
                className="mt-3 size-44 rounded-lg border bg-white p-2"
              />
            </li>
            <li>
              Or type this key into the app:
              <code className="mt-2 block rounded-lg bg-muted px-3 py-2 font-mono text-sm break-all">
                {groupSecret(enrollment.secret)}
              </code>
            </li>
            <li>
              <Label htmlFor="settings-totp-code">Enter the 6-digit code the app shows</Label>
              <Input
                id="settings-totp-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                className="mt-2 font-mono tracking-[0.3em] sm:max-w-48"
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              />
            </li>
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? 'Verifying...' : 'Verify and turn on'}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => void cancel()}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </SettingsCard>
  );
}
