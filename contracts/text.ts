// The one rule for text from outside: no NUL character and no lone UTF-16 surrogate. PostgreSQL
// cannot store either (text and jsonb refuse them), so without this rule they reached the
// database and came back as 500s. The server applies it to every request's body, query and path
// parameters, nested metadata included, before any schema runs (server/http/text-guard.ts).

/** A NUL, or a high surrogate not followed by a low one, or a low one not after a high one. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What a person reads when their text holds such a character. */
export const UNSAFE_TEXT_MESSAGE =
  'contains a character that cannot be stored (a NUL byte or a broken emoji); remove it and try again';

export function isSafeText(value: string): boolean {
  return !UNSAFE.test(value);
}

/**
 * The path (`['user_metadata', 'name']`) of the first string, or object key, in `value` that
 * breaks the rule; null when there is none. Walks objects and arrays to any depth.
 */
export function findUnsafeText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnsafeText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isSafeText(key)) return [...path, key];
      const found = findUnsafeText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
