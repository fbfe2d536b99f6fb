import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { SessionJson } from '#contracts/auth.ts';
import { insertUserAudit } from './audit.repo.ts';
import {
  claimTotpStep,
  deleteFactor,
  deleteOtherUnverifiedFactors,
  deleteStaleUnverifiedFactors,
  findChallenge,
  findFactor,
  insertChallenge,
  insertFactor,
  listFactors,
  markChallengeVerified,
  updateFactor,
} from './mfa.repo.ts';
import { insertRefreshToken, revokeSessionRefreshTokens } from './refresh-tokens.repo.ts';
import { deleteAal1Sessions, downgradeFactorSessions, raiseSessionAal } from './sessions.repo.ts';
import { loadUserById } from './users.repo.ts';
import { AuthError, authErrors } from './auth.errors.ts';
import { hashRefreshToken, randomSecret } from './crypto.ts';
import type { AuthDeps, RequestMeta } from './deps.ts';
import { sessionResponse, type AuthenticatedUser } from './sessions.ts';
import { UUID } from '#server/lib/ids.ts';

const CHALLENGE_TTL_MS = 300_000;
const UNVERIFIED_FACTOR_TTL_MS = 300_000;
const MAX_FACTORS = 10;
const TOTP_PERIOD = 30;

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');

/** TOTP factors (SHA1, 6 digits, 30 s, ±1 step) and the aal2 step-up (contract §3.12). */
export function createMfaService(deps: AuthDeps) {
  const { db } = deps;
  const now = () => deps.clock();

  function totpFor(secret: string, issuer: string, label: string): TOTP {
    return new TOTP({
      issuer,
      label,
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD,
    });
  }

  async function enroll(
    ctx: AuthenticatedUser,
    body: { factor_type?: string | null; friendly_name?: string | null; issuer?: string | null },
    meta: RequestMeta,
  ) {
    const { user, session } = ctx;
    if (user.isAnonymous) throw authErrors.noAuthorization();
    const type = body.factor_type ?? '';
    if (type === 'phone')
      throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (type === 'webauthn') {
      throw new AuthError(
        422,
        'mfa_webauthn_enroll_not_enabled',
        'MFA enroll is disabled for WebAuthn',
      );
    }
    if (type !== 'totp') throw authErrors.validation('factor_type needs to be totp');
    const t = now();
    await deleteStaleUnverifiedFactors(
      db,
      user.id,
      new Date(t.getTime() - UNVERIFIED_FACTOR_TTL_MS),
    );
    const factors = await listFactors(db, user.id);
    const friendlyName = body.friendly_name ?? '';
    if (factors.some((f) => f.friendlyName === friendlyName)) {
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );
    }
    if (factors.length >= MAX_FACTORS) {
      throw new AuthError(
        422,
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    const issuer = body.issuer || deps.env.AUTH_MFA_ISSUER || new URL(deps.env.AUTH_SITE_URL).host;
    const secret = new Secret({ size: 20 }).base32;
    const uri = totpFor(secret, issuer, user.email ?? user.id).toString();
    // Loaded on the first enrolment rather than at start-up.
    const { default: QRCode } = await import('qrcode');
    const qrCode = await QRCode.toString(uri, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    const id = randomUUID();
    await insertFactor(db, {
      id,
      userId: user.id,
      friendlyName,
      factorType: 'totp',
      status: 'unverified',
      secret,
      createdAt: t,
      updatedAt: t,
    });
    await insertUserAudit(db, {
      action: 'mfa_factor_enrolled',
      userId: user.id,
      ip: meta.ip,
      details: { factor_id: id, factor_type: 'totp' },
      createdAt: t,
    });
    return {
      id,
      type: 'totp' as const,
      friendly_name: friendlyName,
      totp: { qr_code: qrCode, secret, uri },
    };
  }

  async function ownFactor(ctx: AuthenticatedUser, factorId: string) {
    if (!UUID.test(factorId)) throw factorNotFound();
    const factor = await findFactor(db, factorId, ctx.user.id);
    if (!factor) throw factorNotFound();
    return factor;
  }

  async function challenge(ctx: AuthenticatedUser, factorId: string, meta: RequestMeta) {
    if (ctx.user.isAnonymous) throw authErrors.noAuthorization();
    await deps.limiter.check('mfa_ip', meta.ip);
    const factor = await ownFactor(ctx, factorId);
    const t = now();
    const id = randomUUID();
    await insertChallenge(db, { id, factorId: factor.id, ipAddress: meta.ip, createdAt: t });
    await updateFactor(db, factor.id, { lastChallengedAt: t });
    return {
      id,
      type: 'totp' as const,
      expires_at: Math.floor((t.getTime() + CHALLENGE_TTL_MS) / 1000),
    };
  }

  async function verify(
    ctx: AuthenticatedUser,
    factorId: string,
    body: { challenge_id?: string | null; code?: string | null },
    meta: RequestMeta,
  ): Promise<SessionJson> {
    if (ctx.user.isAnonymous) throw authErrors.noAuthorization();
    await deps.limiter.check('mfa_ip', meta.ip);
    const factor = await ownFactor(ctx, factorId);
    if (!body.challenge_id) throw authErrors.validation('challenge_id is required');
    const challengeRow = UUID.test(body.challenge_id)
      ? await findChallenge(db, body.challenge_id, factor.id)
      : null;
    if (!challengeRow) {
      throw new AuthError(
        422,
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found',
      );
    }
    if (challengeRow.verifiedAt) {
      throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge has already been verified');
    }
    if (challengeRow.ipAddress !== meta.ip) {
      throw new AuthError(
        422,
        'mfa_ip_address_mismatch',
        'Challenge and verify IP addresses mismatch',
      );
    }
    const t = now();
    if (t.getTime() - challengeRow.createdAt.getTime() > CHALLENGE_TTL_MS) {
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challengeRow.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    const code = (body.code ?? '').trim();
    const totp = totpFor(factor.secret, 'x', 'x');
    const delta = /^\d{6}$/.test(code)
      ? totp.validate({ token: code, timestamp: t.getTime(), window: 1 })
      : null;
    const invalid = () =>
      new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    if (delta === null) throw invalid();
    const step = Math.floor(t.getTime() / 1000 / TOTP_PERIOD) + delta;

    const refreshToken = randomSecret();
    const result = await db.transaction(async (tx) => {
      // A code counts once: a replayed or older step fails even with a fresh challenge.
      if (!(await claimTotpStep(tx, factor.id, step, t))) throw invalid();
      if (!(await markChallengeVerified(tx, challengeRow.id, t))) {
        throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge has already been verified');
      }
      if (factor.status !== 'verified') {
        await updateFactor(tx, factor.id, { status: 'verified', updatedAt: t });
        await deleteOtherUnverifiedFactors(tx, ctx.user.id, factor.id, factor.factorType);
      }
      const amr = [
        ...ctx.session.amr.filter((entry) => entry.method !== 'totp'),
        { method: 'totp', timestamp: Math.floor(t.getTime() / 1000) },
      ];
      await raiseSessionAal(tx, ctx.session.id, { aal: 'aal2', amr, factorId: factor.id, now: t });
      await revokeSessionRefreshTokens(tx, ctx.session.id, t);
      await insertRefreshToken(tx, {
        id: randomUUID(),
        tokenHash: hashRefreshToken(refreshToken),
        sessionId: ctx.session.id,
        parentId: null,
        now: t,
      });
      await deleteAal1Sessions(tx, ctx.user.id, ctx.session.id);
      await insertUserAudit(tx, {
        action: factor.status === 'verified' ? 'mfa_verified' : 'mfa_factor_verified',
        userId: ctx.user.id,
        ip: meta.ip,
        details: { factor_id: factor.id, session_id: ctx.session.id },
        createdAt: t,
      });
      const user = await loadUserById(tx, ctx.user.id);
      if (!user) throw factorNotFound();
      return { user, amr };
    });
    deps.standing.forgetUser(ctx.user.id);
    return sessionResponse(
      deps,
      result.user,
      { id: ctx.session.id, aal: 'aal2', amr: result.amr },
      refreshToken,
    );
  }

  async function unenroll(ctx: AuthenticatedUser, factorId: string, meta: RequestMeta) {
    const factor = await ownFactor(ctx, factorId);
    if (factor.status === 'verified' && ctx.session.aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    const t = now();
    await db.transaction(async (tx) => {
      await deleteFactor(tx, factor.id);
      await downgradeFactorSessions(tx, factor.id, t);
      await insertUserAudit(tx, {
        action: 'mfa_factor_deleted',
        userId: ctx.user.id,
        ip: meta.ip,
        details: { factor_id: factor.id },
        createdAt: t,
      });
    });
    deps.standing.forgetUser(ctx.user.id);
    return { id: factor.id };
  }

  return { enroll, challenge, verify, unenroll };
}
