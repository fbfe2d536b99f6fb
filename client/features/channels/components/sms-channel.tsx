import { MessageSquareText, Phone } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { SMS_CODE_LENGTH, phoneNumberSchema, type Channels } from '#contracts/channels.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { messageOf } from '#client/lib/error-message.ts';
import { useCountdown } from '#client/lib/use-countdown.ts';
import { useConfirmPhone, useStartPhoneVerification } from '../api.ts';
import { ChannelCard, ChannelNote, InlineError, formatDay } from './channel-card.tsx';
import { DevOutboxNote } from './dev-outbox-note.tsx';

/** Seconds before another code can be asked for. */
export const RESEND_AFTER_SECONDS = 60;

type Stage = 'number' | 'code' | 'verified';

/** SMS: a number verified by a code, then the daily text on or off. */
export function SmsChannel({
  channels,
  compact,
  onToggle,
  headingLevel,
  extra,
}: {
  channels: Channels;
  headingLevel: 'h3' | 'h4';
  /** More of the channel, from the screen around it (onboarding's delivery times). */
  extra?: ReactNode;
  compact: boolean;
  onToggle: (enabled: boolean) => void;
}) {
  const { sms } = channels;
  const ids = useId();
  const start = useStartPhoneVerification();
  const confirm = useConfirmPhone();
  const [changing, setChanging] = useState(false);
  const [phone, setPhone] = useState('');
  /** The number the last code went to, as typed (the server only shows it masked). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [resendIn, restartCountdown] = useCountdown();

  /** "Use another number" leaves a code sent earlier (in another visit) aside. */
  const [ignorePending, setIgnorePending] = useState(false);
  const pending = sentTo !== null || (sms.pendingPhone !== null && !ignorePending);
  const stage: Stage = pending ? 'code' : sms.phone && !changing ? 'verified' : 'number';

  const sendCode = (number: string) => {
    const parsed = phoneNumberSchema.safeParse(number);
    if (!parsed.success) {
      setPhoneError(`Phone number ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
      return;
    }
    setPhoneError(null);
    setCodeError(null);
    start.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data);
        setCode('');
        restartCountdown(RESEND_AFTER_SECONDS);
      },
      onError: (error) => {
        const message = messageOf(error, 'Could not send the code. Please try again.');
        if (stage === 'code') setCodeError(message);
        else setPhoneError(message);
      },
    });
  };

  const submitNumber = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    sendCode(phone);
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = code.trim();
    if (!new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`).test(value)) {
      setCodeError(`Enter the ${SMS_CODE_LENGTH}-digit code from the text message.`);
      return;
    }
    setCodeError(null);
    confirm.mutate(value, {
      onSuccess: () => {
        setSentTo(null);
        setChanging(false);
        setPhone('');
        setCode('');
        toast.success('Phone number verified', {
          description: 'Your daily top three will come by text message too.',
        });
      },
      onError: (error) =>
        setCodeError(messageOf(error, 'Could not check the code. Please try again.')),
    });
  };

  const startOver = () => {
    setSentTo(null);
    setIgnorePending(true);
    setCode('');
    setCodeError(null);
    setChanging(true);
  };

  const status =
    stage === 'verified' && sms.phone
      ? `Verified: ${sms.phone}`
      : stage === 'code'
        ? 'Waiting for the code'
        : 'No number yet';

  return (
    <ChannelCard
      id="channel-sms"
      icon={<MessageSquareText aria-hidden="true" />}
      title="SMS"
      headingLevel={headingLevel}
      switchLabel="Daily text message"
      enabled={sms.enabled}
      canEnable={sms.phone !== null}
      onToggle={onToggle}
      status={status}
    >
      {stage === 'verified' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex items-center gap-1.5 text-sm">
            <Phone aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="font-medium tabular-nums">{sms.phone}</span>
          </p>
          <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
            Change number
          </Button>
        </div>
      ) : stage === 'number' ? (
        <form noValidate onSubmit={submitNumber} className="space-y-2">
          <Label htmlFor={`${ids}-phone`}>Phone number</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${ids}-phone`}
              name="phone"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+14155550123"
              value={phone}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={`${ids}-phone-hint ${ids}-phone-error`}
              onChange={(event) => setPhone(event.target.value)}
            />
            <Button type="submit" disabled={start.isPending} className="sm:w-36">
              {start.isPending ? 'Sending...' : 'Send code'}
            </Button>
          </div>
          <p id={`${ids}-phone-hint`} className="text-sm text-muted-foreground">
            {compact
              ? 'With the country code, such as +44 or +1.'
              : 'Start with + and your country code (+44 for the UK, +1 for the US and Canada). We text a code to check it’s yours.'}
          </p>
          <InlineError id={`${ids}-phone-error`} message={phoneError} />
          {changing && sms.phone ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setChanging(false);
                setPhoneError(null);
              }}
            >
              Keep {sms.phone}
            </Button>
          ) : null}
        </form>
      ) : (
        <form noValidate onSubmit={submitCode} className="space-y-2">
          <p className="text-sm">
            We sent a {SMS_CODE_LENGTH}-digit code to{' '}
            <span className="font-medium tabular-nums">{sentTo ?? sms.pendingPhone}</span>.
          </p>
          <Label htmlFor={`${ids}-code`}>Code</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${ids}-code`}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="\d*"
              maxLength={SMS_CODE_LENGTH}
              className="tracking-[0.3em] tabular-nums sm:w-40"
              value={code}
              aria-invalid={codeError ? true : undefined}
              aria-describedby={`${ids}-code-error`}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
            <Button type="submit" disabled={confirm.isPending} className="sm:w-36">
              {confirm.isPending ? 'Checking...' : 'Confirm'}
            </Button>
          </div>
          <InlineError id={`${ids}-code-error`} message={codeError} />
          <div className="flex flex-wrap gap-2">
            {sentTo ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={resendIn > 0 || start.isPending}
                onClick={() => sendCode(sentTo)}
              >
                {resendIn > 0 ? `Resend code in ${resendIn} s` : 'Resend code'}
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" onClick={startOver}>
              Use another number
            </Button>
          </div>
        </form>
      )}
      {sms.unsubscribedAt ? (
        <ChannelNote tone="warning">
          Unsubscribed on {formatDay.format(new Date(sms.unsubscribedAt))}.
          {sms.enabled ? '' : ' Turn daily texts on to receive them again.'}
        </ChannelNote>
      ) : null}
      {channels.transports.sms === 'dev-outbox' ? <DevOutboxNote channel="sms" /> : null}
      {extra}
    </ChannelCard>
  );
}
