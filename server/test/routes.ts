import type { FastifyInstance } from 'fastify';

/** Every method (HEAD aside) and full path the app serves, read off Fastify's own route tree. */
export function registeredRoutes(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = line.search(/[├└]── /);
    if (branch < 0) continue;
    const depth = branch / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch + 4));
    if (!match?.[1]) continue;
    stack.length = depth;
    stack.push(match[1]);
    const path = stack.join('');
    for (const method of (match[2] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
}

/** A concrete URL for a route pattern: ids become `id`, `:channel` a real channel. */
export function urlFor(path: string, id: string): string {
  return path
    .replace(':channel', 'email')
    .replace(/:[A-Za-z]+/g, id)
    .replace('*', 'x');
}
