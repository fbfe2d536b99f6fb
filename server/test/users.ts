import type { FastifyInstance } from 'fastify';

export interface TestUser {
  id: string;
  email: string;
  accessToken: string;
  /** `{ authorization: 'Bearer …' }` for inject(). */
  headers: { authorization: string };
}

let counter = 0;

/**
 * Signs a new account up through /auth/v1 (the app's own auth service) and returns its token.
 * The first account of a fresh database becomes admin; pass `role` to make sure of one.
 */
export async function signUpTestUser(
  app: FastifyInstance,
  options: { email?: string; role?: 'admin' | 'coach' } = {},
): Promise<TestUser> {
  counter += 1;
  const email =
    options.email ?? `user-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct-horse-battery';
  if (options.role) {
    const created = await app.inject({
      method: 'POST',
      url: '/auth/v1/admin/users',
      headers: {
        apikey: app.auth.keys.serviceRoleKey,
        authorization: `Bearer ${app.auth.keys.serviceRoleKey}`,
      },
      payload: { email, password, email_confirm: true, app_metadata: { role: options.role } },
    });
    if (created.statusCode !== 200)
      throw new Error(`admin create user: ${created.statusCode} ${created.body}`);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { apikey: app.auth.keys.publishableKey },
      payload: { email, password },
    });
    if (signedIn.statusCode !== 200)
      throw new Error(`sign in: ${signedIn.statusCode} ${signedIn.body}`);
    const body = signedIn.json<{ access_token: string; user: { id: string } }>();
    return toUser(email, body);
  }
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    headers: { apikey: app.auth.keys.publishableKey },
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign up: ${response.statusCode} ${response.body}`);
  return toUser(email, response.json<{ access_token: string; user: { id: string } }>());
}

function toUser(email: string, body: { access_token: string; user: { id: string } }): TestUser {
  return {
    id: body.user.id,
    email,
    accessToken: body.access_token,
    headers: { authorization: `Bearer ${body.access_token}` },
  };
}
