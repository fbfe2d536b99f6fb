import { escapeHtml } from '#server/lib/html.ts';
import type { MailMessage } from './mailer.ts';

export type AuthEmailKind =
  | 'confirmation'
  | 'invite'
  | 'recovery'
  | 'magiclink'
  | 'email_change_current'
  | 'email_change_new'
  | 'reauthentication';

export interface AuthEmailInput {
  kind: AuthEmailKind;
  to: string;
  /** The /auth/v1/verify link; absent for reauthentication (a code only). */
  link: string | null;
  code: string;
  ttlMinutes: number;
  siteName: string;
  /** Email change: the address being changed to. */
  newEmail?: string;
}

interface Copy {
  subject: string;
  heading: string;
  intro: string;
  action: string | null;
  ignore: string;
}

function copyFor(input: AuthEmailInput): Copy {
  const site = input.siteName;
  switch (input.kind) {
    case 'confirmation':
      return {
        subject: `Confirm your email for ${site}`,
        heading: 'Confirm your email address',
        intro: `Thanks for signing up for ${site}. Confirm that this address is yours so we can send you reminders and updates.`,
        action: 'Confirm my email',
        ignore: 'If you did not create an account, you can ignore this email.',
      };
    case 'invite':
      return {
        subject: `You have been invited to ${site}`,
        heading: `Join ${site}`,
        intro: `You have been invited to create an account on ${site}.`,
        action: 'Accept the invitation',
        ignore: 'If you were not expecting this invitation, you can ignore this email.',
      };
    case 'recovery':
      return {
        subject: `Reset your ${site} password`,
        heading: 'Reset your password',
        intro: `Someone (hopefully you) asked to reset the password of your ${site} account.`,
        action: 'Choose a new password',
        ignore:
          'If you did not ask for this, you can ignore this email; your password stays the same.',
      };
    case 'magiclink':
      return {
        subject: `Your ${site} sign-in link`,
        heading: `Sign in to ${site}`,
        intro: 'Use the button or the code below to sign in. No password needed.',
        action: 'Sign in',
        ignore: 'If you did not ask to sign in, you can ignore this email.',
      };
    case 'email_change_current':
      return {
        subject: `Confirm the change of your ${site} email`,
        heading: 'Confirm your email change',
        intro: `Someone asked to change the email of your ${site} account from ${input.to} to ${input.newEmail ?? 'a new address'}. Confirm it from this address too.`,
        action: 'Confirm the change',
        ignore: 'If you did not ask for this, do not confirm, and change your password.',
      };
    case 'email_change_new':
      return {
        subject: `Confirm your new email for ${site}`,
        heading: 'Confirm your new email address',
        intro: `Confirm that ${input.to} is the new email address of your ${site} account.`,
        action: 'Confirm my new email',
        ignore: 'If you did not ask for this, you can ignore this email.',
      };
    case 'reauthentication':
      return {
        subject: `Your ${site} confirmation code`,
        heading: 'Confirm it is you',
        intro:
          'Enter this code to confirm a sensitive change to your account, such as a new password.',
        action: null,
        ignore:
          'If you did not ask for this code, someone may be using your account: change your password.',
      };
  }
}

/** Renders an auth email: semantic, readable HTML (lang, headings, real link text) and plain text. */
export function renderAuthEmail(input: AuthEmailInput): MailMessage {
  const copy = copyFor(input);
  const expiry = `This ${input.link ? 'link and code expire' : 'code expires'} in ${input.ttlMinutes} minutes.`;

  const textLines = [
    copy.heading,
    '',
    copy.intro,
    '',
    ...(input.link && copy.action ? [`${copy.action}: ${input.link}`, ''] : []),
    `${input.link ? 'Or enter this code' : 'Your code'}: ${input.code}`,
    '',
    expiry,
    copy.ignore,
    '',
    `— ${input.siteName}`,
  ];

  const e = escapeHtml;
  const button =
    input.link && copy.action
      ? `<p style="margin:24px 0"><a href="${e(input.link)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${e(copy.action)}</a></p>
      <p style="font-size:14px;color:#44403c">If the button does not work, copy this address into your browser:<br><a href="${e(input.link)}" style="color:#0f766e;word-break:break-all">${e(input.link)}</a></p>`
      : '';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(copy.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f5f4;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1c1917;line-height:1.5">
<main style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff">
<p style="margin:0 0 16px;font-weight:700;color:#0f766e">${e(input.siteName)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${e(copy.heading)}</h1>
<p>${e(copy.intro)}</p>
${button}
<p>${input.link ? 'Or enter this code' : 'Your code'}:</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:Menlo,Consolas,monospace" aria-label="Code: ${e(input.code.split('').join(' '))}">${e(input.code)}</p>
<p style="font-size:14px;color:#44403c">${e(expiry)}<br>${e(copy.ignore)}</p>
</main>
</body>
</html>`;

  return {
    to: input.to,
    subject: copy.subject,
    html,
    text: textLines.join('\n'),
    link: input.link,
    template: `auth.${input.kind}`,
  };
}
