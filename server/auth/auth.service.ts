import { createAnonymousService, isAnonymousSignup } from './anonymous.service.ts';
import type { AuthDeps } from './deps.ts';
import { createEmailActionsService } from './email-actions.service.ts';
import { createPhoneOtpService, type SmsSend } from './phone-otp.service.ts';
import { createSessionGrantsService } from './session-grants.service.ts';
import { createSignupService } from './signup.service.ts';
import { createUserUpdateService } from './user-update.service.ts';
import { createVerifyService } from './verify.service.ts';

/**
 * The Supabase Auth user flows, one file each: session grants (sign-in, refresh, PKCE, logout),
 * sign-up, account changes (PUT /user), the email actions (recovery, OTP, resend) and verify.
 */
export function createAuthService(deps: AuthDeps, extras: { sms: () => SmsSend | null }) {
  const grants = createSessionGrantsService(deps);
  const signup = createSignupService(deps);
  const userUpdate = createUserUpdateService(deps);
  const emailActions = createEmailActionsService({
    ...deps,
    resendConfirmation: signup.resendConfirmation,
    startEmailChange: userUpdate.startEmailChange,
  });
  const verification = createVerifyService(deps);
  // Phone sign-in and anonymous sign-ins (ADR 021) take their requests here, before the email flows.
  const phone = createPhoneOtpService({ ...deps, sms: extras.sms });
  const anonymous = createAnonymousService(deps);
  const isPhoneOnly = (body: { email?: string | null; phone?: string | null }) =>
    !body.email && Boolean(body.phone);
  type Params<F extends (...args: never[]) => unknown> = Parameters<F>;

  return {
    token: grants.token,
    verifyCode: (...[body, meta]: Params<typeof verification.verifyCode>) =>
      body.type === 'sms' ? phone.verifyCode(body, meta) : verification.verifyCode(body, meta),
    signup: (...[body, meta]: Params<typeof signup.signup>) =>
      isAnonymousSignup(body) ? anonymous.signIn(body, meta) : signup.signup(body, meta),
    signInWithPassword: grants.signInWithPassword,
    refresh: grants.refresh,
    exchangePkce: grants.exchangePkce,
    logout: grants.logout,
    getUser: grants.getUser,
    updateUser: (...[ctx, body, meta]: Params<typeof userUpdate.updateUser>) =>
      ctx.user.isAnonymous && (body.email || body.phone || body.password)
        ? anonymous.convert(ctx, body, meta)
        : userUpdate.updateUser(ctx, body, meta),
    recover: emailActions.recover,
    otp: (...[body, meta]: Params<typeof emailActions.otp>) =>
      isPhoneOnly(body) ? phone.sendCode(body, meta) : emailActions.otp(body, meta),
    resend: (...[body, meta]: Params<typeof emailActions.resend>) =>
      body.type === 'sms' ? phone.resendCode(body, meta) : emailActions.resend(body, meta),
    reauthenticate: userUpdate.reauthenticate,
    verify: verification.verify,
    verifyLink: verification.verifyLink,
  };
}
