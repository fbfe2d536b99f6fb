import type { AuthDeps } from './deps.ts';
import { createEmailActionsService } from './email-actions.service.ts';
import { createSessionGrantsService } from './session-grants.service.ts';
import { createSignupService } from './signup.service.ts';
import { createUserUpdateService } from './user-update.service.ts';
import { createVerifyService } from './verify.service.ts';

/**
 * The Supabase Auth user flows, one file each: session grants (sign-in, refresh, PKCE, logout),
 * sign-up, account changes (PUT /user), the email actions (recovery, OTP, resend) and verify.
 */
export function createAuthService(deps: AuthDeps) {
  const grants = createSessionGrantsService(deps);
  const signup = createSignupService(deps);
  const userUpdate = createUserUpdateService(deps);
  const emailActions = createEmailActionsService({
    ...deps,
    resendConfirmation: signup.resendConfirmation,
    startEmailChange: userUpdate.startEmailChange,
  });
  const verification = createVerifyService(deps);

  return {
    token: grants.token,
    verifyCode: verification.verifyCode,
    signup: signup.signup,
    signInWithPassword: grants.signInWithPassword,
    refresh: grants.refresh,
    exchangePkce: grants.exchangePkce,
    logout: grants.logout,
    getUser: grants.getUser,
    updateUser: userUpdate.updateUser,
    recover: emailActions.recover,
    otp: emailActions.otp,
    resend: emailActions.resend,
    reauthenticate: userUpdate.reauthenticate,
    verify: verification.verify,
    verifyLink: verification.verifyLink,
  };
}
