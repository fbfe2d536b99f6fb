import type { SessionJson } from '#contracts/auth.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import { emailTokenHash } from './crypto.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { amrMethodOf } from './email-links.ts';
import type { AuthEmailKind } from './mail/templates.ts';
import {
  consumeOneTimeToken,
  findFlowState,
  findOneTimeTokens,
  stampAuthCode,
} from './one-time-tokens.repo.ts';
import { isBanned, startSession } from './sessions.ts';
import { loadUserById } from './users.repo.ts';
import { validEmail } from './validation.ts';
import { applyToken } from './verified-token.ts';

/** Which stored token kinds a verify `type` may redeem. */
const kindsForVerifyType: Record<string, AuthEmailKind[]> = {
  signup: ['confirmation'],
  invite: ['invite'],
  recovery: ['recovery'],
  magiclink: ['magiclink'],
  email_change: ['email_change_new', 'email_change_current'],
  email: ['confirmation', 'magiclink', 'recovery'],
};

type VerifyOutcome =
  | { kind: 'session'; session: SessionJson; type: string }
  | { kind: 'code'; authCode: string; type: string }
  | { kind: 'partial'; message: string };

const EMAIL_CHANGE_PARTIAL =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Verification: codes typed by a person (POST /verify) or links followed from an email. */
export function createVerifyService(deps: AuthDeps) {
  const { db } = deps;
  const now = () => deps.clock();

  async function redeem(
    input: {
      type: string;
      token?: string | null;
      tokenHash?: string | null;
      email?: string | null;
      phone?: string | null;
    },
    meta: RequestMeta,
    via: 'post' | 'link',
  ): Promise<VerifyOutcome> {
    await deps.limiter.check('verify_ip', meta.ip);
    const kinds = kindsForVerifyType[input.type];
    if (input.type === 'sms' || input.type === 'phone_change') throw authErrors.phoneDisabled();
    if (!kinds) throw authErrors.validation('Verify requires a verification type');
    if (!input.token === !input.tokenHash) {
      throw authErrors.validation('Verify requires either a token or a token hash');
    }
    let candidates: string[];
    let expiredMessage: string;
    if (input.tokenHash) {
      if (input.email || input.phone) {
        throw authErrors.validation('Only the token_hash and type should be provided');
      }
      const hash = input.tokenHash.trim().toLowerCase();
      const bare = hash.startsWith('pkce_') ? hash.slice(5) : hash;
      candidates = [bare, `pkce_${bare}`];
      expiredMessage = 'Email link is invalid or has expired';
    } else {
      if (input.phone && !input.email) throw authErrors.phoneDisabled();
      if (!input.email)
        throw authErrors.validation('Verify requires either a phone number or an email');
      const email = validEmail(input.email);
      await deps.limiter.check('verify_email', email);
      const hash = emailTokenHash(email, (input.token ?? '').trim());
      candidates = [hash, `pkce_${hash}`];
      expiredMessage = 'Token has expired or is invalid';
    }

    const rows = await findOneTimeTokens(db, candidates, kinds, now());
    const row = kinds.map((k) => rows.find((r) => r.tokenType === k)).find((r) => r !== undefined);
    if (!row) throw authErrors.otpExpired(expiredMessage);
    const method =
      input.token && input.type === 'email' ? 'otp' : amrMethodOf[row.tokenType as AuthEmailKind];

    return db.transaction(async (tx): Promise<VerifyOutcome> => {
      const user = await loadUserById(tx, row.userId);
      if (!user || user.deletedAt) throw authErrors.otpExpired(expiredMessage);
      if (isBanned(user, now())) throw authErrors.userBanned(403);
      if (!(await consumeOneTimeToken(tx, row.id))) throw authErrors.otpExpired(expiredMessage);
      const applied = await applyToken(deps, tx, user, row, meta);
      if (applied === 'partial') return { kind: 'partial', message: EMAIL_CHANGE_PARTIAL };

      if (via === 'link' && row.tokenHash.startsWith('pkce_')) {
        const flow = row.flowStateId ? await findFlowState(tx, row.flowStateId) : null;
        if (!flow) throw new AuthError(404, 'flow_state_not_found', 'Flow state not found');
        await stampAuthCode(tx, flow.id, now());
        return { kind: 'code', authCode: flow.authCode, type: input.type };
      }
      const session = await startSession(deps, tx, applied.id, {
        method,
        meta,
        audit: { action: 'login', details: { method } },
      });
      return { kind: 'session', session, type: input.type };
    });
  }

  function verify(
    body: {
      type?: string | null;
      token?: string | null;
      token_hash?: string | null;
      email?: string | null;
      phone?: string | null;
      redirect_to?: string | null;
    },
    meta: RequestMeta,
  ): Promise<VerifyOutcome> {
    if (body.token_hash && body.redirect_to) {
      throw authErrors.validation('Only the token_hash and type should be provided');
    }
    return redeem(
      {
        type: body.type ?? '',
        token: body.token,
        tokenHash: body.token_hash,
        email: body.email,
        phone: body.phone,
      },
      meta,
      'post',
    );
  }

  /**
   * GET /verify, the link in an email: always a 303 to the (allowed) redirect, with the session
   * in the fragment (implicit), a ?code= (PKCE), a message, or the error (contract §3.8).
   */
  async function verifyLink(
    query: { token?: string; type?: string },
    meta: RequestMeta,
  ): Promise<string> {
    const target = new URL(deps.redirects.resolve(meta.redirectTo));
    try {
      const outcome = await redeem(
        { type: query.type ?? '', tokenHash: query.token ?? '' },
        meta,
        'link',
      );
      if (outcome.kind === 'code') {
        target.searchParams.set('code', outcome.authCode);
        return target.toString();
      }
      if (outcome.kind === 'partial') {
        target.hash = new URLSearchParams({ message: outcome.message, sb: '' }).toString();
        return target.toString();
      }
      const s = outcome.session;
      target.hash = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        sb: '',
        token_type: 'bearer',
        type: outcome.type,
      }).toString();
      return target.toString();
    } catch (error: unknown) {
      if (!(error instanceof AuthError)) throw error;
      const params = new URLSearchParams({
        error: oauthErrorFor(error.status),
        error_code: error.code,
        error_description: error.message,
        sb: '',
      });
      target.hash = params.toString();
      return target.toString();
    }
  }

  /** POST /verify: a session, or GoTrue's message after the first half of an email change. */
  async function verifyCode(
    body: Parameters<typeof verify>[0],
    meta: RequestMeta,
  ): Promise<SessionJson | { msg: string; code: number }> {
    const outcome = await verify(body, meta);
    if (outcome.kind === 'session') return outcome.session;
    if (outcome.kind === 'partial') return { msg: outcome.message, code: 200 };
    throw new AuthError(500, 'unexpected_failure', 'Unexpected verification outcome');
  }

  return { verify, verifyLink, verifyCode };
}

function oauthErrorFor(status: number): string {
  if (status === 401) return 'unauthorized_client';
  if (status === 403) return 'access_denied';
  if (status === 503) return 'temporarily_unavailable';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}
