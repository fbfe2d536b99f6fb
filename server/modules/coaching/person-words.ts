import type { CrisisCategory, CrisisResult } from '#contracts/coach.ts';
import { crisisResult, detectCrisis } from '#server/ai/safety.ts';

/**
 * The crisis guard over what a person writes to a coach outside a conversation (a persona note,
 * a memory): the same guard the gateway runs before any engine (server/ai/safety.ts), reading the
 * person's fresh words with every layer. A flagged text is never saved; the person gets the
 * crisis response for their region instead.
 */
export type CrisisCheck = (
  texts: ReadonlyArray<string | null | undefined>,
) => CrisisCategory | null;

export const checkPersonWords: CrisisCheck = (texts) =>
  detectCrisis(texts.map((text) => text ?? undefined));

/** The help to show instead, or null when the words are clear. */
export function crisisIn(
  check: CrisisCheck,
  texts: ReadonlyArray<string | null | undefined>,
  timeZone: string,
): CrisisResult | null {
  const category = check(texts);
  return category ? crisisResult(category, timeZone) : null;
}

/**
 * The crisis response as Markdown, for the places that store a coach's answer as text (a
 * reflection's reply, a consultation's suggestion): the message, then each service to try in order.
 */
export function crisisMarkdown(crisis: CrisisResult): string {
  const lines = crisis.resources.map((resource) => {
    const link = resource.url ? ` ([${new URL(resource.url).host}](${resource.url}))` : '';
    return `- **${resource.name}** (${resource.region}): ${resource.contact}${link}`;
  });
  return [crisis.message, '', ...lines].join('\n');
}
