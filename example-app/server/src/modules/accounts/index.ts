// Accounts: sign-up (18+ confirmed), sign-in, sign-out (this device or everywhere), the signed-in
// devices, session refresh, password change and reset, the onboarding goal; the development outbox page and the auth service for server
// render. Sessions themselves (tokens, refresh tokens, cookies, rotation) live in auth/.
import type { ModuleFactory, Resolvers } from '../module';
import type { MemberAccess, Route } from '../../kernel';
import { authServiceRoute } from './auth-service';
import { changeEmail, confirmEmailChange } from './change-email';
import { closeAccount } from './close-account';
import { changeName } from './change-name';
import { changePassword } from './change-password';
import { sendVerificationEmail, verifyEmail } from './email-verification';
import { createAccountsKit } from './kit';
import { login } from './login';
import { myDataRoutes } from './my-data';
import { logout, logoutEverywhere } from './logout';
import { outboxRoute } from './outbox-page';
import { refreshSession } from './refresh-session';
import { register } from './register';
import { requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';
import { endSession, mySessions } from './sessions';
import { setGoal } from './set-goal';
import {
  completeSignIn,
  confirmTwoFactor,
  disableTwoFactor,
  issueNewRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from './second-factor';
import typeDefs from './schema.graphql?raw';

export const accountsModule: ModuleFactory = (deps) => {
  const kit = createAccountsKit(deps);
  const routes: Route[] = [authServiceRoute(deps), ...myDataRoutes];
  if (deps.config.env !== 'production') routes.push(outboxRoute);
  return {
    name: 'accounts',
    typeDefs,
    resolvers: {
      Query: { twoFactor: twoFactorStatus, mySessions },
      Mutation: {
        register: register(kit),
        login: login(kit),
        logout,
        logoutEverywhere,
        endSession,
        refreshSession,
        changePassword: changePassword(kit),
        requestPasswordReset: requestPasswordReset(kit),
        resetPassword: resetPassword(kit),
        setGoal,
        completeSignIn: completeSignIn(kit),
        startTwoFactorSetup,
        confirmTwoFactor: confirmTwoFactor(kit),
        newRecoveryCodes: issueNewRecoveryCodes(kit),
        disableTwoFactor: disableTwoFactor(kit),
        changeName,
        sendVerificationEmail: sendVerificationEmail(kit),
        verifyEmail,
        changeEmail: changeEmail(kit),
        confirmEmailChange,
        closeAccount: closeAccount(kit),
      },
      User: {
        emailVerified: (m: MemberAccess) => m.user.emailVerifiedAt !== null,
      },
    } satisfies Resolvers,
    routes,
    stop: () => kit.background.drain(),
  };
};
