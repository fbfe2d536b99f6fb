import { z } from 'zod';
import type { CrisisResult } from '#contracts/coach.ts';
import { crisisRefusalSchema } from '#contracts/coaching.ts';
import { ApiError } from '#client/lib/api-client.ts';

// A 400 from the API lists its problems as { path: "body.personaNote", message }.
const detailsSchema = z.array(z.object({ path: z.string(), message: z.string() }));

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

/** The server's word on one field of the body ("personaNote"), if it named that field. */
export function fieldProblem(error: unknown, field: string): string | null {
  if (!(error instanceof ApiError)) return null;
  const details = detailsSchema.safeParse(error.details);
  if (!details.success) return null;
  const match = details.data.find(
    (detail) => detail.path === `body.${field}` || detail.path.startsWith(`body.${field}.`),
  );
  return match ? sentence(match.message) : null;
}

/** What to tell the person when a call failed: the server's words, or `fallback`. */
export function problemOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return fallback;
}

/** The crisis response a refused save's 422 carries (persona note, memory, preview), or null. */
export function crisisRefusalIn(error: unknown): CrisisResult | null {
  if (!(error instanceof ApiError)) return null;
  const refusal = crisisRefusalSchema.safeParse(error.details);
  return refusal.success ? refusal.data.crisis : null;
}
