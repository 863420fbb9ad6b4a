// Two-factor sign-in (TOTP with recovery codes): the step sign-in takes after a right password,
// finishing that sign-in with a code, and the member's settings (set up, confirm, turn off).
//
// - Set-up: the server makes the secret and keeps it encrypted (auth/two-factor.ts); it is on only
//   once the member has typed their password and a current code from their app. Then 10 recovery
//   codes are shown, once; only their keyed hashes are kept, and each works once. The member's
//   other sessions end then (they were signed in with the password alone).
// - Sign-in: with two-factor on, a right password does not make a session. `login` refuses with
//   SECOND_FACTOR_REQUIRED and a challenge (random, 5 minutes, stored as a SHA-256, used once) bound
//   to that attempt; `completeSignIn` takes the challenge and a code and only then makes the session.
// - Codes are counted per member and per IP address before they are checked (code:account,
//   code:ip; a right code gives its count back), as passwords are. A code is accepted once: the
//   step of the last one accepted is kept, and a code of that step or an earlier one is refused.
// - New recovery codes take the password and a current code from the app; the earlier ones stop
//   working.
// - Turning it off takes the password and a code (or a recovery code). A password reset does not
//   sign the member in while it is on (the link proves the mailbox, not the second factor).
// - A password reset or change, and turning it off, end the sign-ins waiting for their code.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import {
  acceptedStep,
  createTwoFactorCrypto,
  isRecoveryCodeShape,
  newRecoveryCodes,
  totpOf,
  type TwoFactorCrypto,
} from '../../auth/two-factor';
import { revokeLiveAccess } from '../../auth/revocation';
import { revokeSessions } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { recoveryCodes, signInChallenges, twoFactor } from '../../db/schema';
import type {
  MutationCompleteSignInArgs,
  MutationConfirmTwoFactorArgs,
  MutationDisableTwoFactorArgs,
  MutationNewRecoveryCodesArgs,
} from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { failure, refusal, requireViewer } from '../module';
import { checkCurrentPassword } from './current-password';
import { rateLimitedError, signIn, waitInWords, type AccountsKit } from './kit';
import { findUserById, type UserRow } from './service';

/** How long a sign-in waits for its code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The error code `login` refuses with when a code is needed; `extensions.challenge` carries the challenge. */
export const SECOND_FACTOR_REQUIRED = 'SECOND_FACTOR_REQUIRED';

const WRONG_CODE = 'That code is not right. Type the current code from your authenticator app, or a recovery code.';
const WRONG_APP_CODE = 'That code is not right. Type the current code from your authenticator app.';
const EXPIRED = 'This sign-in has expired. Sign in again.';
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function cryptoOf(ctx: RequestContext): TwoFactorCrypto {
  return createTwoFactorCrypto(ctx.deps.config.secrets.TWO_FACTOR_KEY);
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

async function twoFactorRow(db: Db, userId: string) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row ?? null;
}

/**
 * Ends every sign-in of the member that waits for its code (in the transaction of a password
 * reset or change, or of turning two-step sign-in off): a challenge issued before it must not
 * finish a sign-in after it.
 */
export async function endSignInChallenges(db: Db, userId: string): Promise<void> {
  await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
}

/** Whether the member has two-step sign-in on. */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await twoFactorRow(db, userId);
  return row !== null && row.enabledAt !== null;
}

/**
 * The sign-in step after a right password: nothing when the member has no two-factor sign-in (the
 * caller makes the session), else the SECOND_FACTOR_REQUIRED error to throw, carrying a new challenge.
 */
export async function secondFactorStep(ctx: RequestContext, user: Pick<UserRow, 'id'>): Promise<GraphQLError | null> {
  if (!(await hasTwoFactor(ctx.db, user.id))) return null;
  const challenge = randomBytes(32).toString('base64url');
  // The member's spent and expired challenges go (a waiting one, from another device, stays).
  await ctx.db
    .delete(signInChallenges)
    .where(
      and(eq(signInChallenges.userId, user.id), or(isNotNull(signInChallenges.usedAt), lte(signInChallenges.expiresAt, new Date(ctx.now)))),
    );
  await ctx.db
    .insert(signInChallenges)
    .values({ tokenHash: sha256(challenge), userId: user.id, expiresAt: new Date(ctx.now + CHALLENGE_TTL_MS) });
  ctx.logger.info({ userId: user.id }, 'sign-in waits for a two-factor code');
  return new GraphQLError('Enter the code from your authenticator app.', {
    extensions: { code: SECOND_FACTOR_REQUIRED, challenge, http: { status: 200 } },
  });
}

/**
 * Checks `code` (a TOTP code or a recovery code) for `userId`, counted per member and per IP first.
 * A right TOTP code moves the member's last step on (so it is not accepted again); a right recovery
 * code is used up. Returns 'ok', 'wrong' or the milliseconds to wait.
 */
async function checkCode(kit: AccountsKit, ctx: RequestContext, userId: string, code: string): Promise<'ok' | 'wrong' | number> {
  const ipWait = await kit.limits.hit('code:ip', ctx.ip);
  if (ipWait !== null) return ipWait;
  const accountKey = `user:${userId}`;
  const accountWait = await kit.limits.hit('code:account', accountKey);
  if (accountWait !== null) return accountWait;
  const right = await codeIsRight(ctx, userId, code);
  if (!right) return 'wrong';
  await kit.limits.clear('code:account', accountKey);
  await kit.limits.refund('code:ip', ctx.ip);
  return 'ok';
}

/**
 * The second factor of a sensitive change (closing the account): null when the member has not
 * turned two-step sign-in on, or `code` is right; else the refusal (BAD_INPUT on `field`, or
 * RATE_LIMITED), counted as a sign-in code is.
 */
export async function checkSecondFactor(
  kit: AccountsKit,
  ctx: RequestContext,
  userId: string,
  code: string | null,
  field: string,
): Promise<ReturnType<typeof failure> | null> {
  const row = await twoFactorRow(ctx.db, userId);
  if (row === null || row.enabledAt === null) return null;
  if (code === null || code.trim() === '')
    return failure('BAD_INPUT', 'Type the current code from your authenticator app, or a recovery code.', field);
  const checked = await checkCode(kit, ctx, userId, code.trim());
  if (typeof checked === 'number') return failure('RATE_LIMITED', `Too many wrong codes. Try again in ${waitInWords(checked)}.`);
  return checked === 'wrong' ? failure('BAD_INPUT', WRONG_CODE, field) : null;
}

async function codeIsRight(ctx: RequestContext, userId: string, code: string): Promise<boolean> {
  const crypto = cryptoOf(ctx);
  if (isRecoveryCodeShape(code)) {
    const used = await ctx.db
      .update(recoveryCodes)
      .set({ usedAt: new Date(ctx.now) })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, crypto.recoveryCodeHash(code)), isNull(recoveryCodes.usedAt)))
      .returning({ userId: recoveryCodes.userId });
    return used.length === 1;
  }
  const row = await twoFactorRow(ctx.db, userId);
  if (row === null) return false;
  const step = acceptedStep(totpOf(crypto.decrypt(userId, row.secretCiphertext), ctx.brand.displayName, ''), code, ctx.now);
  if (step === null) return false;
  // One statement: of two requests with the same code, only one moves the step on.
  const moved = await ctx.db
    .update(twoFactor)
    .set({ lastStep: step })
    .where(and(eq(twoFactor.userId, userId), sql`(${twoFactor.lastStep} is null or ${twoFactor.lastStep} < ${step})`))
    .returning({ userId: twoFactor.userId });
  return moved.length === 1;
}

/** Mutation.completeSignIn: the challenge of a sign-in and a code; the session is made only now. */
export const completeSignIn =
  (kit: AccountsKit) =>
  async (_: unknown, { input }: MutationCompleteSignInArgs, ctx: RequestContext) => {
    if (!CHALLENGE.test(input.challenge)) throw refusal('UNAUTHENTICATED', EXPIRED);
    const now = new Date(ctx.now);
    const [challenge] = await ctx.db
      .select({ userId: signInChallenges.userId })
      .from(signInChallenges)
      .where(
        and(eq(signInChallenges.tokenHash, sha256(input.challenge)), isNull(signInChallenges.usedAt), gt(signInChallenges.expiresAt, now)),
      );
    if (challenge === undefined) throw refusal('UNAUTHENTICATED', EXPIRED);
    const checked = await checkCode(kit, ctx, challenge.userId, input.code);
    if (typeof checked === 'number') throw rateLimitedError(checked);
    if (checked === 'wrong') {
      ctx.logger.info({ userId: challenge.userId }, 'two-factor code refused');
      throw refusal('UNAUTHENTICATED', WRONG_CODE, 'input.code');
    }
    const used = await ctx.db
      .update(signInChallenges)
      .set({ usedAt: now })
      .where(and(eq(signInChallenges.tokenHash, sha256(input.challenge)), isNull(signInChallenges.usedAt)))
      .returning({ userId: signInChallenges.userId });
    const user = used.length === 1 ? await findUserById(ctx.db, challenge.userId) : null;
    if (user === null) throw refusal('UNAUTHENTICATED', EXPIRED);
    ctx.logger.info({ userId: user.id }, 'signed in with a second factor');
    return signIn(ctx, user, input.keepSignedIn ?? false);
  };

/** Query.twoFactor: whether two-factor sign-in is on for the signed-in member (null when signed out). */
export async function twoFactorStatus(_: unknown, __: unknown, ctx: RequestContext) {
  if (ctx.viewer === null) return null;
  const userId = ctx.viewer.userId;
  const enabled = await hasTwoFactor(ctx.db, userId);
  const [left] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0 };
}

/**
 * Mutation.startTwoFactorSetup: a new secret for the member's app (kept encrypted, not yet on),
 * replacing one not confirmed. CONFLICT when two-factor sign-in is on already.
 */
export async function startTwoFactorSetup(_: unknown, __: unknown, ctx: RequestContext) {
  const userId = requireViewer(ctx);
  const user = await findUserById(ctx.db, userId);
  if (user === null) throw refusal('UNAUTHENTICATED', 'Sign in to do this.');
  const row = await twoFactorRow(ctx.db, userId);
  if (row !== null && row.enabledAt !== null) return { ...failure('CONFLICT', 'Two-step sign-in is on already.'), secret: null, uri: null };
  const crypto = cryptoOf(ctx);
  const secret = crypto.newSecret();
  const values = { secretCiphertext: crypto.encrypt(userId, secret), enabledAt: null, lastStep: null, createdAt: new Date(ctx.now) };
  await ctx.db
    .insert(twoFactor)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: twoFactor.userId, set: values });
  const uri = totpOf(secret, ctx.brand.displayName, user.email).toString();
  return { ok: true, error: null, secret, uri };
}

/**
 * The checks of a change to two-step sign-in that needs the member's app: the password (a wrong
 * one counts toward the sign-in limit), then a current code from the app (not a recovery code).
 * Null when both are right; else the refusal (on input.currentPassword, input.code, or RATE_LIMITED).
 */
async function passwordAndAppCode(
  kit: AccountsKit,
  ctx: RequestContext,
  userId: string,
  input: { readonly currentPassword: string; readonly code: string },
): Promise<ReturnType<typeof failure> | null> {
  const current = await checkCurrentPassword(kit, ctx, userId, input.currentPassword);
  if (!current.ok) return current;
  if (isRecoveryCodeShape(input.code)) return failure('BAD_INPUT', WRONG_APP_CODE, 'input.code');
  const checked = await checkCode(kit, ctx, userId, input.code);
  if (typeof checked === 'number') return failure('RATE_LIMITED', `Too many wrong codes. Try again in ${waitInWords(checked)}.`);
  return checked === 'wrong' ? failure('BAD_INPUT', WRONG_APP_CODE, 'input.code') : null;
}

/** Replaces the member's recovery codes with 10 new ones (only their hashes are kept); returns them. */
async function replaceRecoveryCodes(db: Db, ctx: RequestContext, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  const crypto = cryptoOf(ctx);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: crypto.recoveryCodeHash(c) })));
  return codes;
}

/** A refusal of a mutation that answers with recovery codes. */
const noCodes = (refusal: ReturnType<typeof failure>) => ({ ...refusal, recoveryCodes: null });

/**
 * Mutation.confirmTwoFactor: the member's password and a current code from the app turn two-factor
 * sign-in on and return 10 new recovery codes (shown once; only their hashes are kept). The
 * password is checked here, where the change takes effect (a wrong one counts toward the sign-in
 * limit): a session alone must not bind the account to an authenticator its holder owns. Every
 * other session of the member ends (kept ones included), and their live streams with them.
 */
export const confirmTwoFactor =
  (kit: AccountsKit) =>
  async (_: unknown, { input }: MutationConfirmTwoFactorArgs, ctx: RequestContext) => {
    const userId = requireViewer(ctx);
    const row = await twoFactorRow(ctx.db, userId);
    if (row === null) return noCodes(failure('BAD_INPUT', 'Start setting up two-step sign-in first.', 'input.code'));
    if (row.enabledAt !== null) return noCodes(failure('CONFLICT', 'Two-step sign-in is on already.'));
    const refused = await passwordAndAppCode(kit, ctx, userId, input);
    if (refused !== null) return noCodes(refused);
    const sessionId = (ctx.viewer as NonNullable<RequestContext['viewer']>).sessionId;
    const codes = await ctx.db.transaction(async (tx) => {
      await tx
        .update(twoFactor)
        .set({ enabledAt: new Date(ctx.now) })
        .where(eq(twoFactor.userId, userId));
      // The devices signed in with the password alone must now sign in with a code too.
      await revokeSessions(tx, userId, 'two-step-enabled', ctx.now, sessionId);
      return replaceRecoveryCodes(tx, ctx, userId);
    });
    // This device stays signed in: its streams reconnect, the others' end.
    await revokeLiveAccess(ctx.deps, { userId, sessionId: null, reason: 'two-step-enabled', renewSessionId: sessionId });
    ctx.logger.info({ userId }, 'two-factor sign-in turned on; other sessions ended');
    return { ok: true, error: null, recoveryCodes: codes };
  };

/**
 * Mutation.newRecoveryCodes: with the member's password and a current code from the app (not a
 * recovery code: new codes are for whoever holds the app), 10 new recovery codes replace the
 * earlier ones, which stop working. Shown once, as at set-up. CONFLICT when two-step sign-in is off.
 */
export const issueNewRecoveryCodes =
  (kit: AccountsKit) =>
  async (_: unknown, { input }: MutationNewRecoveryCodesArgs, ctx: RequestContext) => {
    const userId = requireViewer(ctx);
    if (!(await hasTwoFactor(ctx.db, userId))) return noCodes(failure('CONFLICT', 'Two-step sign-in is off.'));
    const refused = await passwordAndAppCode(kit, ctx, userId, input);
    if (refused !== null) return noCodes(refused);
    const codes = await ctx.db.transaction((tx) => replaceRecoveryCodes(tx, ctx, userId));
    ctx.logger.info({ userId }, 'new recovery codes made; the earlier ones stop working');
    return { ok: true, error: null, recoveryCodes: codes };
  };

/** Mutation.disableTwoFactor: the password and a code (or a recovery code) turn two-factor sign-in off. */
export const disableTwoFactor =
  (kit: AccountsKit) =>
  async (_: unknown, { input }: MutationDisableTwoFactorArgs, ctx: RequestContext) => {
    const userId = requireViewer(ctx);
    const password = await checkCurrentPassword(kit, ctx, userId, input.password, 'input.password');
    if (!password.ok) return password;
    const row = await twoFactorRow(ctx.db, userId);
    if (row === null || row.enabledAt === null) return failure('CONFLICT', 'Two-step sign-in is off already.');
    const checked = await checkCode(kit, ctx, userId, input.code);
    if (typeof checked === 'number') return failure('RATE_LIMITED', `Too many wrong codes. Try again in ${waitInWords(checked)}.`);
    if (checked === 'wrong') return failure('BAD_INPUT', WRONG_CODE, 'input.code');
    await ctx.db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
      await endSignInChallenges(tx, userId);
    });
    ctx.logger.info({ userId }, 'two-factor sign-in turned off');
    return { ok: true, error: null };
  };
