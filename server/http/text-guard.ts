import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '#contracts/text.ts';
import { AuthError } from '#server/auth/auth.errors.ts';
import { AppError } from '#server/errors.ts';

const PARTS = ['params', 'querystring', 'body'] as const;

/**
 * A preValidation hook for every route: text that PostgreSQL cannot store (contracts/text.ts) is
 * refused with 400 before any schema or service sees it, in GoTrue's error shape under /auth/v1
 * and the product's under /api. Headers are not walked: Node refuses NUL in them already.
 */
export function refuseUnsafeText(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const values = { params: request.params, querystring: request.query, body: request.body };
  for (const part of PARTS) {
    const path = findUnsafeText(values[part]);
    if (!path) continue;
    const field = [part, ...path].join('.');
    if (request.url.startsWith('/auth/v1/')) {
      done(new AuthError(400, 'validation_failed', `${field} ${UNSAFE_TEXT_MESSAGE}`));
    } else {
      done(
        new AppError('invalid_input', `${field}: ${UNSAFE_TEXT_MESSAGE}`, {
          details: [{ path: field, message: UNSAFE_TEXT_MESSAGE }],
        }),
      );
    }
    return;
  }
  done();
}
