import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { email, startAuthServer, type AuthTestServer } from './test-support.ts';

// TOTP factors through supabase-js: enrol, challenge, verify (aal2), what aal2 then protects,
// and the attacks: wrong code, replayed code, expired challenge, another IP.

const codeFor = (secret: string, at: Date, offsetSteps = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({
    timestamp: at.getTime() + offsetSteps * 30_000,
  });

describe('MFA (TOTP) through supabase-js', () => {
  let server: AuthTestServer;

  beforeAll(async () => {
    server = await startAuthServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function signedIn(): Promise<{ supabase: SupabaseClient; address: string }> {
    const address = email('mfa');
    const supabase = server.client();
    await supabase.auth.signUp({ email: address, password: 'mfa-password' });
    return { supabase, address };
  }

  async function enrolAndVerify(supabase: SupabaseClient) {
    const { data: factor, error } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'phone',
    });
    expect(error).toBeNull();
    const { data: challenge } = await supabase.auth.mfa.challenge({ factorId: factor!.id });
    const verified = await supabase.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: codeFor(factor!.totp.secret, server.clock.now()),
    });
    expect(verified.error).toBeNull();
    return { factorId: factor!.id, secret: factor!.totp.secret };
  }

  it('enrols a factor with an SVG QR code, secret and otpauth URI', async () => {
    const { supabase, address } = await signedIn();
    const { data, error } = await supabase.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'laptop',
    });
    expect(error).toBeNull();
    expect(data?.type).toBe('totp');
    expect(data?.friendly_name).toBe('laptop');
    expect(data?.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(data?.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data?.totp.uri).toContain(
      `otpauth://totp/localhost%3A3000:${encodeURIComponent(address)}`,
    );
    const { data: factors } = await supabase.auth.mfa.listFactors();
    expect(factors?.all).toHaveLength(1);
    expect(factors?.all[0]?.status).toBe('unverified');
    expect(factors?.totp).toHaveLength(0);

    const conflict = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'laptop' });
    expect(conflict.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
  });

  it('verifying a code raises the same session to aal2 with a totp AMR entry and a rotated refresh token', async () => {
    const { supabase } = await signedIn();
    const before = (await supabase.auth.getSession()).data.session!;
    const events: string[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));
    await enrolAndVerify(supabase);
    const after = (await supabase.auth.getSession()).data.session!;
    const claims = decodeJwt(after.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.session_id).toBe(decodeJwt(before.access_token).session_id);
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['password', 'totp']);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(events).toContain('MFA_CHALLENGE_VERIFIED');

    const { data: level } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: factors } = await supabase.auth.mfa.listFactors();
    expect(factors?.totp).toHaveLength(1);

    // The new refresh token keeps aal2; the pre-MFA one is dead, and replaying it later ends the session.
    const refreshed = await server
      .client()
      .auth.refreshSession({ refresh_token: after.refresh_token });
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal2');
    server.clock.advance(11);
    const replay = await server
      .client()
      .auth.refreshSession({ refresh_token: before.refresh_token });
    expect(replay.error?.code).toBe('refresh_token_already_used');
  });

  it('a wrong code, a replayed code and an expired challenge are refused', async () => {
    const { supabase } = await signedIn();
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
    const secret = factor!.totp.secret;

    const { data: c1 } = await supabase.auth.mfa.challenge({ factorId: factor!.id });
    const good = codeFor(secret, server.clock.now());
    const wrongCode = good === '000000' ? '111111' : '000000';
    const wrong = await supabase.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: c1!.id,
      code: wrongCode,
    });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(wrong.error?.message).toContain('Invalid TOTP code');

    const ok = await supabase.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: c1!.id,
      code: good,
    });
    expect(ok.error).toBeNull();

    const { data: c2 } = await supabase.auth.mfa.challenge({ factorId: factor!.id });
    const replay = await supabase.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: c2!.id,
      code: good,
    });
    expect(replay.error?.code).toBe('mfa_verification_failed');

    const usedChallenge = await supabase.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: c1!.id,
      code: codeFor(secret, server.clock.now(), 1),
    });
    expect(usedChallenge.error?.status).toBe(422);

    const { data: c3 } = await supabase.auth.mfa.challenge({ factorId: factor!.id });
    server.clock.advance(301);
    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const late = await supabase.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: c3!.id,
      code: codeFor(secret, server.clock.now()),
    });
    expect(late.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
  });

  it('binds a challenge to the IP that asked for it', async () => {
    const { supabase } = await signedIn();
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
    const token = (await supabase.auth.getSession()).data.session!.access_token;
    const headers = { apikey: server.publishableKey, authorization: `Bearer ${token}` };
    const challenge = await server.app.inject({
      method: 'POST',
      url: `/auth/v1/factors/${factor!.id}/challenge`,
      headers,
      payload: {},
      remoteAddress: '203.0.113.7',
    });
    expect(challenge.statusCode).toBe(200);
    const verify = await server.app.inject({
      method: 'POST',
      url: `/auth/v1/factors/${factor!.id}/verify`,
      headers,
      payload: {
        challenge_id: challenge.json<{ id: string }>().id,
        code: codeFor(factor!.totp.secret, server.clock.now()),
      },
      remoteAddress: '198.51.100.9',
    });
    expect(verify.statusCode).toBe(422);
    // No X-Supabase-Api-Version header on this request: the legacy envelope.
    expect(verify.json()).toMatchObject({ code: 422, error_code: 'mfa_ip_address_mismatch' });
  });

  it('once a factor is verified, an aal1 session cannot change the password or remove the factor', async () => {
    const { supabase, address } = await signedIn();
    const { factorId, secret } = await enrolAndVerify(supabase);

    const other = server.client();
    await other.auth.signInWithPassword({ email: address, password: 'mfa-password' });
    const { data: level } = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    const password = await other.auth.updateUser({ password: 'another-password' });
    expect(password.error).toMatchObject({ status: 401, code: 'insufficient_aal' });
    const enrolMore = await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' });
    expect(enrolMore.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
    const remove = await other.auth.mfa.unenroll({ factorId });
    expect(remove.error).toMatchObject({ status: 422, code: 'insufficient_aal' });

    // Stepping up on the second device: other aal1 sessions are signed out.
    const third = server.client();
    await third.auth.signInWithPassword({ email: address, password: 'mfa-password' });
    const thirdToken = (await third.auth.getSession()).data.session!.access_token;
    const { data: challenge } = await other.auth.mfa.challenge({ factorId });
    server.clock.advance(30);
    const stepUp = await other.auth.mfa.verify({
      factorId,
      challengeId: challenge!.id,
      code: codeFor(secret, server.clock.now()),
    });
    expect(stepUp.error).toBeNull();
    expect((await server.client().auth.getUser(thirdToken)).error?.name).toBe(
      'AuthSessionMissingError',
    );

    // At aal2 the factor can go; the session falls back to aal1.
    expect((await other.auth.mfa.unenroll({ factorId })).error).toBeNull();
    const refreshed = await other.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).aal).toBe('aal1');
    expect((await other.auth.mfa.listFactors()).data?.all).toHaveLength(0);
  });

  it('answers unknown factors with 404 mfa_factor_not_found, including another user’s', async () => {
    const { supabase } = await signedIn();
    const { data: factor } = await supabase.auth.mfa.enroll({ factorType: 'totp' });
    const { supabase: stranger } = await signedIn();
    const theirs = await stranger.auth.mfa.challenge({ factorId: factor!.id });
    expect(theirs.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const bogus = await stranger.auth.mfa.challenge({
      factorId: '00000000-0000-4000-8000-000000000000',
    });
    expect(bogus.error?.code).toBe('mfa_factor_not_found');
  });
});
