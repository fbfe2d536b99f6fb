/** The message of a thrown value (an ApiError carries the server's words), or the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() ? error.message : fallback;
}
