import type { User } from '@supabase/supabase-js';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select } from '#client/components/ui/select.tsx';
import { useAuth } from '#client/lib/auth/auth-provider.tsx';
import { errorMessage } from '#client/lib/auth/errors.ts';
import { useCountdown } from '#client/lib/use-countdown.ts';

/** Seconds before another code can be asked for (the server's AUTH_SMS_MIN_INTERVAL_SECONDS). */
export const PHONE_RESEND_AFTER_SECONDS = 60;
const CODE_LENGTH = 6;

/** Common country calling codes; "Other" lets the person type the whole number with its +. */
export const countryCodes = [
  { code: '1', label: 'United States / Canada (+1)' },
  { code: '44', label: 'United Kingdom (+44)' },
  { code: '33', label: 'France (+33)' },
  { code: '49', label: 'Germany (+49)' },
  { code: '34', label: 'Spain (+34)' },
  { code: '39', label: 'Italy (+39)' },
  { code: '31', label: 'Netherlands (+31)' },
  { code: '61', label: 'Australia (+61)' },
  { code: '64', label: 'New Zealand (+64)' },
  { code: '91', label: 'India (+91)' },
  { code: '55', label: 'Brazil (+55)' },
  { code: '52', label: 'Mexico (+52)' },
  { code: '81', label: 'Japan (+81)' },
  { code: '', label: 'Other (type +country code)' },
] as const;

/**
 * The number in E.164 ("+447700900123"), or null: the country code and the number as typed
 * (spaces, dashes, brackets and a national leading 0 dropped), or a whole "+…" number.
 */
export function toE164(countryCode: string, typed: string): string | null {
  const compact = typed.trim().replace(/[\s().-]/g, '');
  const number = compact.startsWith('+')
    ? compact
    : countryCode
      ? `+${countryCode}${compact.replace(/^0+/, '')}`
      : `+${compact}`;
  return /^\+[1-9]\d{6,14}$/.test(number) ? number : null;
}

/**
 * Sign-in by a code texted to a phone number (ADR 021): the number with its country code, then
 * the 6-digit code, with a resend after a cooldown.
 */
export function PhoneSignInForm({
  onSignedIn,
  onUseEmail,
}: {
  onSignedIn: (user: User) => void;
  onUseEmail: () => void;
}) {
  const { auth, signOut } = useAuth();
  const ids = useId();
  const [countryCode, setCountryCode] = useState<string>('1');
  const [number, setNumber] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendIn, restartCountdown] = useCountdown();

  const send = async (phone: string) => {
    setBusy(true);
    setError(null);
    try {
      const { error: sendError } = await auth.signInWithOtp({ phone });
      if (sendError) throw sendError;
      setSentTo(phone);
      setCode('');
      restartCountdown(PHONE_RESEND_AFTER_SECONDS);
    } catch (caught: unknown) {
      setError(errorMessage(caught) ?? 'Could not send the code. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const submitNumber = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = toE164(countryCode, number);
    if (!phone) {
      setError('Enter a phone number with its country code, such as +44 7700 900123.');
      return;
    }
    void send(phone);
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sentTo) return;
    const token = code.trim();
    if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(token)) {
      setError(`Enter the ${CODE_LENGTH}-digit code from the text message.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { data, error: verifyError } = await auth.verifyOtp({
        phone: sentTo,
        token,
        type: 'sms',
      });
      if (verifyError) throw verifyError;
      if (!data.session || !data.user) throw new Error('Failed to establish session');
      onSignedIn(data.user);
    } catch (caught: unknown) {
      toast.error('Error', {
        description: errorMessage(caught) ?? 'Failed to log in. Please try again.',
      });
      setError(errorMessage(caught) ?? 'That code did not work. Please try again.');
      await signOut();
    } finally {
      setBusy(false);
    }
  };

  const errorLine = error ? (
    <p id={`${ids}-error`} role="alert" className="text-sm text-danger">
      {error}
    </p>
  ) : null;

  if (sentTo) {
    return (
      <form noValidate onSubmit={(event) => void submitCode(event)} className="space-y-5">
        <p className="text-sm">
          We texted a {CODE_LENGTH}-digit code to <span className="font-medium">{sentTo}</span>.
        </p>
        <div className="space-y-2">
          <Label htmlFor={`${ids}-code`}>Code</Label>
          <Input
            id={`${ids}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            pattern="\d*"
            required
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          {errorLine}
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Logging in...' : 'Log In'}
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          <Button
            variant="ghost"
            size="sm"
            disabled={busy || resendIn > 0}
            onClick={() => void send(sentTo)}
          >
            {resendIn > 0 ? `Resend code in ${resendIn}s` : 'Resend code'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setSentTo(null);
              setError(null);
            }}
          >
            Use another number
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={submitNumber} className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor={`${ids}-country`}>Country code</Label>
        <Select
          id={`${ids}-country`}
          value={countryCode}
          onChange={(event) => setCountryCode(event.target.value)}
        >
          {countryCodes.map((country) => (
            <option key={country.label} value={country.code}>
              {country.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${ids}-phone`}>Phone number</Label>
        <Input
          id={`${ids}-phone`}
          name="phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          required
          value={number}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(event) => setNumber(event.target.value)}
        />
        {errorLine}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Sending...' : 'Send code'}
      </Button>
      <p className="text-center">
        <Button variant="ghost" size="sm" onClick={onUseEmail}>
          Use email instead
        </Button>
      </p>
    </form>
  );
}
