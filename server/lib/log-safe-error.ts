import { stdSerializers } from 'pino';

// What an error may put in the log. A failed query's error (drizzle's DrizzleQueryError) carries
// the statement's parameters in `params` and in its message ("Failed query: …\nparams: …"), and
// the driver's error may quote a value in `detail`: with those, every refused insert logged an
// email and an argon2 hash. The query text stays (it has only placeholders); values never do.

const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'values']);
/** `invalid input syntax for type uuid: "…"`, `Key (email)=(…)`: the quoted value goes. */
const QUOTED_VALUES: [RegExp, string][] = [
  [/(: )"[^"\n]*"/g, '$1"[redacted]"'],
  [/(\)=)\([^)\n]*\)/g, '$1([redacted])'],
];

/** Every `params` list rendered into a message in the error's chain of causes. */
function paramTexts(error: unknown): string[] {
  const texts: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 10; depth += 1) {
    const params = (current as { params?: unknown }).params;
    if (params !== undefined)
      texts.push(`params: ${Array.isArray(params) ? params.join(',') : JSON.stringify(params)}`);
    current = current.cause;
  }
  return texts;
}

function scrub(text: string, params: string[]): string {
  let safe = text;
  for (const rendered of params) safe = safe.split(rendered).join('params: [redacted]');
  for (const [pattern, replacement] of QUOTED_VALUES) safe = safe.replace(pattern, replacement);
  return safe;
}

/** What errorForLog made: the loggers' serializer passes them through as they are. */
const alreadySafe = new WeakSet<object>();

/**
 * pino's error serializer without parameter values (the whole chain of causes included). The
 * error handlers call it and so does the loggers' `err` serializer: what it made passes again
 * unchanged.
 */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (typeof error === 'object' && error !== null && alreadySafe.has(error)) {
    return error as Record<string, unknown>;
  }
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const params = paramTexts(error);
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (VALUE_FIELDS.has(key)) continue;
    safe[key] = typeof value === 'string' ? scrub(value, params) : value;
  }
  alreadySafe.add(safe);
  return safe;
}

/** For pino's `serializers` option: the web app's and the worker's loggers use it. */
export const logSerializers = {
  err: (error: Error) => errorForLog(error) as { type: string; message: string; stack: string },
};
