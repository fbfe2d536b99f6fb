import type {
  ChannelSender,
  OutgoingMessage,
  SendOutcome,
} from '#server/modules/channels/channel-sender.ts';
import { SMS_STATUS_PATH } from '#server/modules/webhooks/sms-status.routes.ts';
import { SMS_CODE_TTL_SECONDS } from '#contracts/channels.ts';

export interface HttpSmsSenderOptions {
  /** SMS_BASE_URL, without a trailing slash (https://api.twilio.com). */
  baseUrl: string;
  accountSid: string;
  /** Never logged and never part of an error. */
  authToken: string;
  /** SMS_FROM: the sending number or sender ID. */
  from: string;
  /** SMS_TIMEOUT_MS. */
  timeoutMs: number;
  /** Where the provider posts delivery receipts (smsStatusCallbackUrl); none when unset. */
  statusCallbackUrl?: string | null;
  fetch?: typeof fetch;
}

/**
 * The receipts URL to hand the provider with each text: only over https, because the provider
 * must reach it from the internet (a localhost or plain-http PUBLIC_URL gets no receipts).
 */
export function smsStatusCallbackUrl(publicUrl: string): string | null {
  return publicUrl.startsWith('https://') ? `${publicUrl}${SMS_STATUS_PATH}` : null;
}

/** The text of the phone verification SMS. */
export function verificationSmsText(code: string): string {
  const minutes = Math.round(SMS_CODE_TTL_SECONDS / 60);
  return `Your Trellis verification code is ${code}. It expires in ${minutes} minutes.`;
}

/** Twilio's error codes a person can act on; any other 400 is permanent too, in its own words. */
const numberProblems: Record<number, string> = {
  21211: 'The phone number is not valid',
  21214: 'The phone number cannot be reached',
  21408: 'The SMS provider is not allowed to send to this country',
  21610: 'The phone number has replied STOP to our messages',
  21612: 'The SMS provider cannot send to this phone number',
  21614: 'The phone number cannot receive SMS (it is not a mobile number)',
};

interface ProviderError {
  code?: unknown;
  message?: unknown;
  sid?: unknown;
}

async function readJson(response: Response): Promise<ProviderError> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? body : {};
  } catch {
    return {};
  }
}

function short(text: unknown): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** How one answer of the provider counts: sent, or failed for good, or worth another try. */
export async function classifySmsResponse(response: Response): Promise<SendOutcome> {
  const body = await readJson(response);
  const status = response.status;
  if (status >= 200 && status < 300) {
    return { ok: true, providerMessageId: typeof body.sid === 'string' ? body.sid : null };
  }
  if (status === 401 || status === 403)
    return {
      ok: false,
      permanent: true,
      error: `The SMS provider refused our credentials (${status}): check SMS_ACCOUNT_SID and SMS_AUTH_TOKEN`,
    };
  if (status === 429 || status >= 500)
    return {
      ok: false,
      permanent: false,
      error: `The SMS provider is ${status === 429 ? 'busy' : 'unavailable'} (${status}), trying again later`,
    };
  if (status === 404)
    return {
      ok: false,
      permanent: true,
      error:
        'The SMS provider does not know this account (404): check SMS_BASE_URL and SMS_ACCOUNT_SID',
    };
  const code = typeof body.code === 'number' ? body.code : null;
  const known = code === null ? undefined : numberProblems[code];
  const said = short(body.message);
  const detail = [code === null ? String(status) : `${status}, code ${code}`, said]
    .filter(Boolean)
    .join(': ');
  return {
    ok: false,
    permanent: true,
    error: `${known ?? 'The SMS provider refused the message'} (${detail})`,
  };
}

function networkFailure(error: unknown, timeoutMs: number): Extract<SendOutcome, { ok: false }> {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError')
    return {
      ok: false,
      permanent: false,
      error: `The SMS provider did not answer within ${timeoutMs} ms`,
    };
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return { ok: false, permanent: false, error: `Could not reach the SMS provider${code}` };
}

/**
 * Sends SMS through an HTTP provider with Twilio's API shape: a form POST to
 * /2010-04-01/Accounts/{sid}/Messages.json with basic auth and an idempotency token.
 */
export function createHttpSmsSender(options: HttpSmsSenderOptions): ChannelSender {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    channel: 'sms',
    transport: 'http',
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      if (message.channel !== 'sms')
        return { ok: false, permanent: true, error: `A ${message.channel} message reached SMS` };
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
            // The provider drops a second request with the same token: a retry cannot send twice.
            'i-twilio-idempotency-token': message.idempotencyKey,
          },
          body: new URLSearchParams({
            To: message.to,
            From: options.from,
            Body: message.text,
            ...(options.statusCallbackUrl ? { StatusCallback: options.statusCallbackUrl } : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error: unknown) {
        return networkFailure(error, options.timeoutMs);
      }
      try {
        return await classifySmsResponse(response);
      } catch (error: unknown) {
        // The body stopped arriving: whether the SMS went out is unknown, and the token makes a retry safe.
        return networkFailure(error, options.timeoutMs);
      }
    },
    async close() {},
  };
}
