// Two-step sign-in (TOTP and recovery codes) through the app's handler, as one suite run by
// second-factor.test.ts (PGlite) and second-factor.pg.test.ts (PostgreSQL): set-up and
// confirmation, sign-in with a code after the password, a code not accepted twice, recovery codes
// used once, the rate limit on codes, turning it off; the secret stored encrypted.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTP_PERIOD_MS, totpOf } from '../../auth/two-factor';
import type { Database } from '../../db/client';
import { recoveryCodes, sessions, signInChallenges, twoFactor } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { insertPasswordReset } from './service';
import { gqlFrom, LOGIN, ME, registerMember } from './test-support';

const START = 'mutation { startTwoFactorSetup { ok error { code message field } secret uri } }';
const CONFIRM =
  'mutation($input: ConfirmTwoFactorInput!) { confirmTwoFactor(input: $input) { ok error { code message field } recoveryCodes } }';
const COMPLETE = 'mutation($input: CompleteSignInInput!) { completeSignIn(input: $input) { token user { email } } }';
const DISABLE = 'mutation($input: DisableTwoFactorInput!) { disableTwoFactor(input: $input) { ok error { code message field } } }';
const STATUS = '{ twoFactor { enabled recoveryCodesLeft } }';
const NEW_CODES =
  'mutation($input: NewRecoveryCodesInput!) { newRecoveryCodes(input: $input) { ok error { code message field } recoveryCodes } }';
const RESET =
  'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { ok error { code message field } token user { email } } }';
const CHANGE_PASSWORD = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok error { code message field } } }';

type Setup = { startTwoFactorSetup: { ok: boolean; secret: string; uri: string } };
type Confirm = { confirmTwoFactor: { ok: boolean; error: { code: string; field: string | null } | null; recoveryCodes: string[] | null } };
type Complete = { completeSignIn: { token: string; user: { email: string } } };
type NewCodes = { newRecoveryCodes: { ok: boolean; error: { code: string; field: string | null } | null; recoveryCodes: string[] | null } };

/** The suite, on a fresh PGlite database or on the database `makeDatabase` opens. */
export function secondFactorSuite(label: string, makeDatabase?: () => Promise<Database>): void {
  describe(`two-step sign-in, ${label}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(makeDatabase === undefined ? {} : { database: await makeDatabase() });
    });
    afterAll(() => t.stop());

    /** The code the member's app shows now, or `steps` steps later. */
    const codeOf = (secret: string, steps = 0) => totpOf(secret, 'app', '').generate({ timestamp: t.clock() + steps * TOTP_PERIOD_MS });
    let ip = 0;
    /** A fresh IP address, so the per-IP limits of one test do not reach the next. */
    const nextIp = () => `10.9.0.${(ip += 1)}`;

    /** A member with two-step sign-in on: their details, secret and recovery codes. */
    async function enrolled() {
      const m = await registerMember(t, {}, nextIp());
      const setup = await gqlFrom<Setup>(t, START, {}, { token: m.token });
      const secret = setup.data?.startTwoFactorSetup.secret as string;
      const confirm = await gqlFrom<Confirm>(
        t,
        CONFIRM,
        { input: { currentPassword: m.input.password, code: codeOf(secret) } },
        { token: m.token },
      );
      expect(confirm.data?.confirmTwoFactor.ok).toBe(true);
      t.clock.advance(TOTP_PERIOD_MS); // the next sign-in needs a code of a later step
      return { ...m, secret, codes: confirm.data?.confirmTwoFactor.recoveryCodes as string[] };
    }

    /** Signs in with the password: the challenge of the SECOND_FACTOR_REQUIRED refusal. */
    async function challengeFor(login: string, password: string, from = '127.0.0.1'): Promise<string> {
      const r = await gqlFrom(t, LOGIN, { input: { login, password } }, { ip: from });
      expect(r.data).toBeNull();
      expect(r.errors?.[0]?.extensions?.['code']).toBe('SECOND_FACTOR_REQUIRED');
      return r.errors?.[0]?.extensions?.['challenge'] as string;
    }

    it('set-up: a key and an otpauth address; stored encrypted, and not on until a current code confirms it', async () => {
      const m = await registerMember(t, {}, nextIp());
      const setup = await gqlFrom<Setup>(t, START, {}, { token: m.token });
      const { secret, uri } = setup.data?.startTwoFactorSetup ?? { secret: '', uri: '' };
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      expect(new URL(uri).searchParams.get('secret')).toBe(secret);
      const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, m.id));
      expect(row?.enabledAt).toBeNull();
      expect(row?.secretCiphertext).toMatch(/^v1\./);
      expect(row?.secretCiphertext).not.toContain(secret);
      // Not on yet: the password alone signs in.
      expect((await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: m.input.password } })).errors).toBeUndefined();

      const wrong = await gqlFrom<Confirm>(
        t,
        CONFIRM,
        { input: { currentPassword: m.input.password, code: codeOf(secret, 5) } },
        { token: m.token },
      );
      expect(wrong.data?.confirmTwoFactor).toMatchObject({
        ok: false,
        error: { code: 'BAD_INPUT', field: 'input.code' },
        recoveryCodes: null,
      });
      const right = await gqlFrom<Confirm>(
        t,
        CONFIRM,
        { input: { currentPassword: m.input.password, code: codeOf(secret) } },
        { token: m.token },
      );
      expect(right.data?.confirmTwoFactor.ok).toBe(true);
      const codes = right.data?.confirmTwoFactor.recoveryCodes ?? [];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, m.id));
      expect(stored).toHaveLength(10);
      for (const { codeHash } of stored) for (const code of codes) expect(codeHash).not.toContain(code.replace('-', ''));
      expect((await t.gql(STATUS, {}, { token: m.token })).data).toEqual({ twoFactor: { enabled: true, recoveryCodesLeft: 10 } });
    });

    it('a session alone does not turn it on: the password is needed too, and wrong ones count toward the sign-in limit', async () => {
      const m = await registerMember(t, {}, nextIp());
      const setup = await gqlFrom<Setup>(t, START, {}, { token: m.token });
      const secret = setup.data?.startTwoFactorSetup.secret as string;
      for (const currentPassword of ['', 'not the password at all']) {
        const refused = await gqlFrom<Confirm>(t, CONFIRM, { input: { currentPassword, code: codeOf(secret) } }, { token: m.token });
        expect(refused.data?.confirmTwoFactor).toMatchObject({
          ok: false,
          error: { code: 'BAD_INPUT', field: 'input.currentPassword' },
          recoveryCodes: null,
        });
      }
      expect((await t.gql(STATUS, {}, { token: m.token })).data).toEqual({ twoFactor: { enabled: false, recoveryCodesLeft: 0 } });
      // Three more wrong passwords reach the account's limit of five: then even the right one waits.
      for (let i = 0; i < 3; i += 1) {
        await gqlFrom(t, CONFIRM, { input: { currentPassword: `wrong guess ${i}`, code: codeOf(secret) } }, { token: m.token });
      }
      const limited = await gqlFrom<Confirm>(
        t,
        CONFIRM,
        { input: { currentPassword: m.input.password, code: codeOf(secret) } },
        { token: m.token },
      );
      expect(limited.data?.confirmTwoFactor).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' }, recoveryCodes: null });
      expect(
        (await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: m.input.password } })).errors?.[0]?.extensions,
      ).toMatchObject({
        code: 'RATE_LIMITED',
      });
      expect((await t.gql(STATUS, {}, { token: m.token })).data).toEqual({ twoFactor: { enabled: false, recoveryCodesLeft: 0 } });
    });

    it("turning it on signs out the member's other devices, kept ones included; this one stays signed in", async () => {
      const m = await registerMember(t, {}, nextIp());
      const kept = await gqlFrom<{ login: { token: string } }>(t, LOGIN, {
        input: { login: m.input.email, password: m.input.password, keepSignedIn: true },
      });
      const other = kept.data?.login.token as string;
      expect((await t.gql(ME, {}, { token: other })).data?.me).toMatchObject({ email: m.input.email });
      const setup = await gqlFrom<Setup>(t, START, {}, { token: m.token });
      const secret = setup.data?.startTwoFactorSetup.secret as string;
      const on = await gqlFrom<Confirm>(
        t,
        CONFIRM,
        { input: { currentPassword: m.input.password, code: codeOf(secret) } },
        { token: m.token },
      );
      expect(on.data?.confirmTwoFactor.ok).toBe(true);
      expect((await t.gql(ME, {}, { token: other })).data?.me).toBeNull();
      expect((await t.gql(ME, {}, { token: m.token })).data?.me).toMatchObject({ email: m.input.email });
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, m.id));
      expect(rows.map((r) => [r.persistent, r.revokedReason])).toEqual(
        expect.arrayContaining([
          [true, 'two-step-enabled'],
          [false, null],
        ]),
      );
      expect(rows).toHaveLength(2);
    });

    it('sign-in: the right password gives a challenge, no session; the code then signs in', async () => {
      const m = await enrolled();
      const r = await gqlFrom(t, LOGIN, { input: { login: m.input.username, password: m.input.password } });
      expect(r.headers.getSetCookie().filter((c) => c.startsWith('_opjwt='))).toEqual([]);
      const challenge = r.errors?.[0]?.extensions?.['challenge'] as string;
      expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const [row] = await t.database.db.select().from(signInChallenges).where(eq(signInChallenges.userId, m.id));
      expect(row?.tokenHash).not.toBe(challenge);

      const done = await gqlFrom<Complete>(t, COMPLETE, { input: { challenge, code: codeOf(m.secret) } });
      expect(done.errors).toBeUndefined();
      expect(done.data?.completeSignIn.user.email).toBe(m.input.email);
      expect(done.headers.getSetCookie().some((c) => c.startsWith(`_opjwt=${done.data?.completeSignIn.token}`))).toBe(true);
      expect((await t.gql(ME, {}, { token: done.data?.completeSignIn.token as string })).data?.me).toMatchObject({ email: m.input.email });
      // The challenge is used up.
      t.clock.advance(TOTP_PERIOD_MS);
      const again = await gqlFrom(t, COMPLETE, { input: { challenge, code: codeOf(m.secret) } });
      expect(again.errors?.[0]).toMatchObject({
        message: 'This sign-in has expired. Sign in again.',
        extensions: { code: 'UNAUTHENTICATED' },
      });
    });

    it('a wrong password still gets the one wrong-login answer, without a challenge', async () => {
      const m = await enrolled();
      const r = await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: 'not the password at all' } });
      expect(r.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
      expect(r.errors?.[0]?.extensions?.['challenge']).toBeUndefined();
    });

    it('a code accepted once is refused within its window; a challenge expires after five minutes', async () => {
      const m = await enrolled();
      const code = codeOf(m.secret);
      const first = await gqlFrom<Complete>(t, COMPLETE, {
        input: { challenge: await challengeFor(m.input.email, m.input.password), code },
      });
      expect(first.errors).toBeUndefined();
      const replay = await gqlFrom(t, COMPLETE, { input: { challenge: await challengeFor(m.input.email, m.input.password), code } });
      expect(replay.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', field: 'input.code' });

      const late = await challengeFor(m.input.email, m.input.password);
      t.clock.advance(5 * 60_000 + 1);
      const expired = await gqlFrom(t, COMPLETE, { input: { challenge: late, code: codeOf(m.secret) } });
      expect(expired.errors?.[0]?.message).toBe('This sign-in has expired. Sign in again.');
    });

    it("a new sign-in sweeps the member's spent and expired challenges, and keeps the waiting one", async () => {
      const m = await enrolled();
      const spent = await challengeFor(m.input.email, m.input.password);
      expect((await gqlFrom(t, COMPLETE, { input: { challenge: spent, code: codeOf(m.secret) } })).errors).toBeUndefined();
      await challengeFor(m.input.email, m.input.password);
      t.clock.advance(5 * 60_000 + 1);
      const waiting = await challengeFor(m.input.email, m.input.password);
      const rows = await t.database.db.select().from(signInChallenges).where(eq(signInChallenges.userId, m.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.usedAt).toBeNull();
      t.clock.advance(TOTP_PERIOD_MS);
      expect((await gqlFrom(t, COMPLETE, { input: { challenge: waiting, code: codeOf(m.secret) } })).errors).toBeUndefined();
    });

    it('a recovery code signs in once, typed in any case, and is then spent', async () => {
      const m = await enrolled();
      const code = m.codes[3] as string;
      const ok = await gqlFrom<Complete>(t, COMPLETE, {
        input: { challenge: await challengeFor(m.input.email, m.input.password), code: ` ${code.toUpperCase()} ` },
      });
      expect(ok.errors).toBeUndefined();
      const token = ok.data?.completeSignIn.token as string;
      expect((await t.gql(STATUS, {}, { token })).data).toEqual({ twoFactor: { enabled: true, recoveryCodesLeft: 9 } });
      const again = await gqlFrom(t, COMPLETE, { input: { challenge: await challengeFor(m.input.email, m.input.password), code } });
      expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', field: 'input.code' });
    });

    it('codes are rate-limited per member (5 wrong) and per IP address (20 wrong), whatever the code', async () => {
      const m = await enrolled();
      const from = nextIp();
      const challenge = await challengeFor(m.input.email, m.input.password, from);
      for (let i = 0; i < 5; i += 1) {
        const wrong = await gqlFrom(t, COMPLETE, { input: { challenge, code: '000000' } }, { ip: from });
        expect(wrong.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
      }
      const limited = await gqlFrom(t, COMPLETE, { input: { challenge, code: codeOf(m.secret) } }, { ip: from });
      expect(limited.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
      expect(limited.errors?.[0]?.extensions?.['retryAfter']).toBeGreaterThan(0);

      // Per IP address: wrong codes for several members from one address.
      const shared = nextIp();
      let refused = 0;
      for (let member = 0; member < 5 && refused === 0; member += 1) {
        const other = await enrolled();
        const c = await challengeFor(other.input.email, other.input.password, shared);
        for (let i = 0; i < 5; i += 1) {
          const r = await gqlFrom(t, COMPLETE, { input: { challenge: c, code: '000000' } }, { ip: shared });
          if (r.errors?.[0]?.extensions?.['code'] === 'RATE_LIMITED') refused += 1;
        }
      }
      expect(refused).toBeGreaterThan(0);
    });

    it('a password reset does not sign in past two-step sign-in: no session, and sign-in then asks for a code', async () => {
      const m = await enrolled();
      const token = randomBytes(32).toString('base64url');
      await insertPasswordReset(t.database.db, m.id, token, new Date(t.clock() + 60 * 60_000));
      const r = await gqlFrom<{ resetPassword: { ok: boolean; token: string | null; user: unknown } }>(t, RESET, {
        input: { token, newPassword: 'violet harbour cinema 7' },
      });
      expect(r.data?.resetPassword).toEqual({ ok: true, error: null, token: null, user: null });
      expect(r.headers.getSetCookie().filter((c) => c.startsWith('_opjwt='))).toEqual([]);
      await challengeFor(m.input.email, 'violet harbour cinema 7');
    });

    /** A session of the member's, signed in with the password and a code. */
    async function sessionOf(m: Awaited<ReturnType<typeof enrolled>>): Promise<string> {
      const done = await gqlFrom<Complete>(t, COMPLETE, {
        input: { challenge: await challengeFor(m.input.email, m.input.password), code: codeOf(m.secret) },
      });
      expect(done.errors).toBeUndefined();
      t.clock.advance(TOTP_PERIOD_MS);
      return done.data?.completeSignIn.token as string;
    }

    /** Expects `challenge` (issued before a change) to be refused even with a right code. */
    async function expectChallengeEnded(m: Awaited<ReturnType<typeof enrolled>>, challenge: string) {
      t.clock.advance(TOTP_PERIOD_MS);
      const late = await gqlFrom(t, COMPLETE, { input: { challenge, code: codeOf(m.secret) } });
      expect(late.errors?.[0]).toMatchObject({
        message: 'This sign-in has expired. Sign in again.',
        extensions: { code: 'UNAUTHENTICATED' },
      });
      expect(await t.database.db.select().from(signInChallenges).where(eq(signInChallenges.userId, m.id))).toEqual([]);
    }

    it('a sign-in waiting for its code ends with a password reset', async () => {
      const m = await enrolled();
      const waiting = await challengeFor(m.input.email, m.input.password);
      const token = randomBytes(32).toString('base64url');
      await insertPasswordReset(t.database.db, m.id, token, new Date(t.clock() + 60 * 60_000));
      const r = await gqlFrom<{ resetPassword: { ok: boolean } }>(t, RESET, { input: { token, newPassword: 'violet harbour cinema 7' } });
      expect(r.data?.resetPassword.ok).toBe(true);
      await expectChallengeEnded(m, waiting);
    });

    it('a sign-in waiting for its code ends with a password change', async () => {
      const m = await enrolled();
      const session = await sessionOf(m);
      const waiting = await challengeFor(m.input.email, m.input.password);
      const r = await gqlFrom<{ changePassword: { ok: boolean } }>(
        t,
        CHANGE_PASSWORD,
        { input: { currentPassword: m.input.password, newPassword: 'violet harbour cinema 7' } },
        { token: session },
      );
      expect(r.data?.changePassword.ok).toBe(true);
      await expectChallengeEnded(m, waiting);
    });

    it('a sign-in waiting for its code ends when two-step sign-in is turned off', async () => {
      const m = await enrolled();
      const session = await sessionOf(m);
      const waiting = await challengeFor(m.input.email, m.input.password);
      const off = await gqlFrom<{ disableTwoFactor: unknown }>(
        t,
        DISABLE,
        { input: { password: m.input.password, code: codeOf(m.secret) } },
        { token: session },
      );
      expect(off.data?.disableTwoFactor).toEqual({ ok: true, error: null });
      await expectChallengeEnded(m, waiting);
    });

    it('new recovery codes take the password and a current code from the app; the earlier codes then stop working', async () => {
      const m = await enrolled();
      const session = await sessionOf(m);
      const ask = (input: { currentPassword: string; code: string }) => gqlFrom<NewCodes>(t, NEW_CODES, { input }, { token: session });
      const wrongPassword = await ask({ currentPassword: 'not the password at all', code: codeOf(m.secret) });
      expect(wrongPassword.data?.newRecoveryCodes).toMatchObject({
        ok: false,
        error: { code: 'BAD_INPUT', field: 'input.currentPassword' },
        recoveryCodes: null,
      });
      // A recovery code is not enough: new ones are for the holder of the app.
      const byRecoveryCode = await ask({ currentPassword: m.input.password, code: m.codes[0] as string });
      expect(byRecoveryCode.data?.newRecoveryCodes).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', field: 'input.code' } });
      const wrongCode = await ask({ currentPassword: m.input.password, code: '000000' });
      expect(wrongCode.data?.newRecoveryCodes).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', field: 'input.code' } });
      expect((await t.gql(STATUS, {}, { token: session })).data).toEqual({ twoFactor: { enabled: true, recoveryCodesLeft: 10 } });

      const made = await ask({ currentPassword: m.input.password, code: codeOf(m.secret) });
      expect(made.data?.newRecoveryCodes.ok).toBe(true);
      const fresh = made.data?.newRecoveryCodes.recoveryCodes ?? [];
      expect(fresh).toHaveLength(10);
      for (const code of fresh) expect(m.codes).not.toContain(code);
      expect((await t.gql(STATUS, {}, { token: session })).data).toEqual({ twoFactor: { enabled: true, recoveryCodesLeft: 10 } });
      const old = await gqlFrom(t, COMPLETE, {
        input: { challenge: await challengeFor(m.input.email, m.input.password), code: m.codes[1] },
      });
      expect(old.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', field: 'input.code' });
      const challenge = await challengeFor(m.input.email, m.input.password);
      expect((await gqlFrom(t, COMPLETE, { input: { challenge, code: fresh[0] } })).errors).toBeUndefined();
    });

    it('new recovery codes are refused while two-step sign-in is off', async () => {
      const m = await registerMember(t, {}, nextIp());
      const r = await gqlFrom<NewCodes>(t, NEW_CODES, { input: { currentPassword: m.input.password, code: '123456' } }, { token: m.token });
      expect(r.data?.newRecoveryCodes).toMatchObject({ ok: false, error: { code: 'CONFLICT' }, recoveryCodes: null });
    });

    it('turning it off takes the password and a code; then the password alone signs in', async () => {
      const m = await enrolled();
      const session = (
        await gqlFrom<Complete>(t, COMPLETE, {
          input: { challenge: await challengeFor(m.input.email, m.input.password), code: codeOf(m.secret) },
        })
      ).data?.completeSignIn.token as string;
      t.clock.advance(TOTP_PERIOD_MS);
      const wrongPassword = await gqlFrom<{ disableTwoFactor: unknown }>(
        t,
        DISABLE,
        { input: { password: 'not the password at all', code: codeOf(m.secret) } },
        { token: session },
      );
      expect(wrongPassword.data?.disableTwoFactor).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', field: 'input.password' } });
      const wrongCode = await gqlFrom<{ disableTwoFactor: unknown }>(
        t,
        DISABLE,
        { input: { password: m.input.password, code: '123456' } },
        { token: session },
      );
      expect(wrongCode.data?.disableTwoFactor).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', field: 'input.code' } });
      const off = await gqlFrom<{ disableTwoFactor: unknown }>(
        t,
        DISABLE,
        { input: { password: m.input.password, code: codeOf(m.secret) } },
        { token: session },
      );
      expect(off.data?.disableTwoFactor).toEqual({ ok: true, error: null });
      expect((await t.gql(STATUS, {}, { token: session })).data).toEqual({ twoFactor: { enabled: false, recoveryCodesLeft: 0 } });
      expect(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, m.id))).toEqual([]);
      expect((await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: m.input.password } })).errors).toBeUndefined();
    });
  });
}
