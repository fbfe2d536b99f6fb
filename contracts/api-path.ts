// One declaration per API path serves both sides: the server registers `pattern` with Fastify and
// the client calls `href(params)`, so the two cannot drift apart. The parameter names are read
// off the pattern by the type system, so a missing or misspelt parameter fails to compile.

/** The `:name` segments of a path pattern, as a union of names. */
type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<Pattern extends string> = { readonly [Name in ParamNames<Pattern>]: string };

export interface ApiPath<Pattern extends string> {
  /** The route as Fastify registers it ("/api/goals/:id"). */
  readonly pattern: Pattern;
  /** The URL of one resource: every parameter URL-encoded into its segment. */
  readonly href: (
    ...params: [ParamNames<Pattern>] extends [never] ? [] : [params: PathParams<Pattern>]
  ) => string;
}

export function apiPath<const Pattern extends string>(pattern: Pattern): ApiPath<Pattern> {
  return {
    pattern,
    href: (...args: [] | [PathParams<Pattern>]) => {
      const params: Readonly<Record<string, string>> = args[0] ?? {};
      return pattern.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
        const value = params[name];
        if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
        return encodeURIComponent(value);
      });
    },
  };
}
