/** The message of a thrown value, or null when it carries none worth showing. */
export function errorMessage(error: unknown): string | null {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return null;
}

/** The machine-readable code of a supabase-js AuthError (`weak_password`, `reauthentication_needed`…). */
export function errorCode(error: unknown): string | undefined {
  if (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string'
  ) {
    return error.code;
  }
  return undefined;
}
