import { authErrors } from './auth.errors.ts';

/**
 * A phone number as GoTrue stores it: E.164 digits without the "+" ("15551234567"). Spaces,
 * dashes, dots, brackets and one leading "+" are dropped; anything else is refused.
 */
export function validPhone(raw: string): string {
  const digits = raw
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s().-]/g, '');
  if (!/^[1-9]\d{6,14}$/.test(digits)) {
    throw authErrors.validation('Invalid phone number format (E.164 required)');
  }
  return digits;
}

/** What logs may say about a number: its last two digits only. */
export function phoneForLog(phone: string): string {
  return `…${phone.slice(-2)}`;
}
