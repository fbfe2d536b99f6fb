/** A phone number as the app shows it: every digit hidden but the last four ("••• 0123"). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `••• ${digits.slice(-4)}`;
}
