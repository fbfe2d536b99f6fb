import type { Transporter } from 'nodemailer';
import type {
  ChannelSender,
  OutgoingMessage,
  SendOutcome,
} from '#server/modules/channels/channel-sender.ts';

/** How long the SMTP server may take to accept a connection, greet, and answer a command. */
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 60_000;

export interface SmtpSenderOptions {
  /** smtp://user:pass@host:587 or smtps://… (SMTP_URL). */
  url: string;
  /** MAIL_FROM. */
  from: string;
  /** PUBLIC_URL: its host ends every Message-ID. */
  publicUrl: string;
  /** DELIVERY_SMTP_MAX_CONNECTIONS. */
  maxConnections: number;
}

interface SmtpError {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  response?: string;
  command?: string;
}

/** The server's own words, on one line and short enough to show a person. */
function reply(response: string | undefined, code: number): string {
  const text = (response ?? String(code)).replace(/\s+/g, ' ').trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * 5xx answers are permanent (the same message would be refused again); 4xx answers, refused
 * connections and timeouts are temporary. Never repeats SMTP_URL, which may hold a password.
 */
export function classifySmtpError(error: unknown): Extract<SendOutcome, { ok: false }> {
  const e = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const code = e.responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) {
    const said = reply(e.response, code);
    if (e.code === 'EAUTH')
      return {
        ok: false,
        permanent: true,
        error: `The mail server refused our sign-in (${said}): check SMTP_URL`,
      };
    if (e.command === 'RCPT TO')
      return { ok: false, permanent: true, error: `The mail server refused the address (${said})` };
    return { ok: false, permanent: true, error: `The mail server refused the message (${said})` };
  }
  if (typeof code === 'number' && code >= 400 && code < 500)
    return {
      ok: false,
      permanent: false,
      error: `The mail server asked us to try again later (${reply(e.response, code)})`,
    };
  if (e.code === 'ETIMEDOUT')
    return { ok: false, permanent: false, error: 'The mail server did not answer in time' };
  const cause = e.originalCode ?? e.code;
  return {
    ok: false,
    permanent: false,
    error: `Could not reach the mail server${cause ? ` (${cause})` : ''}`,
  };
}

function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** Sends daily emails through SMTP_URL over a pool of kept-open connections. */
export function createSmtpSender(options: SmtpSenderOptions): ChannelSender {
  // nodemailer loads with the first email rather than at start-up.
  let transporter: Promise<Transporter> | null = null;
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.url,
        pool: true,
        maxConnections: options.maxConnections,
        connectionTimeout: CONNECTION_TIMEOUT_MS,
        greetingTimeout: GREETING_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
      }),
    ));
  const host = hostOf(options.publicUrl);
  return {
    channel: 'email',
    transport: 'smtp',
    async send(message: OutgoingMessage): Promise<SendOutcome> {
      if (message.channel !== 'email')
        return { ok: false, permanent: true, error: `A ${message.channel} message reached email` };
      try {
        const info = await (
          await transport()
        ).sendMail({
          from: options.from,
          to: message.to,
          subject: message.content.subject,
          text: message.content.text,
          html: message.content.html,
          headers: message.content.headers,
          // Stable per delivery: a resend of the same delivery is recognisable as the same email.
          messageId: `<${message.idempotencyKey}@${host}>`,
        });
        return { ok: true, providerMessageId: info.messageId ?? null };
      } catch (error: unknown) {
        // The dispatcher records the reason with the attempt.
        return classifySmtpError(error);
      }
    },
    async close() {
      (await transporter)?.close();
    },
  };
}
