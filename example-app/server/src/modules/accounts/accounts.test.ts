import { eq } from 'drizzle-orm';
import { REFERRAL_CODE_PATTERN } from '@matchkit/sdk/referrals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_TTL_MS } from '../../auth/tokens';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieToken, gqlFrom, LOGIN, ME, newMember, REGISTER, registerMember, sessionCookies } from './test-support';

type RegisterAnswer = {
  register: {
    ok: boolean;
    error: { code: string; message: string; field: string | null } | null;
    token: string | null;
    expiresAt: string | null;
    user: { uid: { global: string }; email: string; username: string; goal: string | null; referAFriend: { referralCode: string } } | null;
  };
};

/** 200 characters (the most a password may have) that do not repeat a pattern, so strong enough. */
const LONGEST_PASSWORD = Array.from({ length: 200 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 94))).join('');

describe('accounts: sign-up, sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

  describe('register', () => {
    it('creates the member, signs them in (token and _opjwt cookie) and me answers with the token or the cookie', async () => {
      const input = newMember({ email: '  Ada.Lay@Example.COM ', username: 'Ada_Lay', goal: 'goal-500-1000' });
      const r = await gqlFrom<RegisterAnswer>(t, REGISTER, { input });
      expect(r.errors).toBeUndefined();
      const reg = r.data?.register;
      expect(reg?.ok).toBe(true);
      expect(reg?.error).toBeNull();
      expect(reg?.user).toMatchObject({ email: 'ada.lay@example.com', username: 'ada_lay', goal: 'goal-500-1000' });
      expect(reg?.user?.referAFriend.referralCode).toMatch(REFERRAL_CODE_PATTERN);
      expect(reg?.expiresAt).toBe(new Date(t.clock() + TOKEN_TTL_MS).toISOString());

      const [cookie] = sessionCookies(r.headers);
      expect(cookie).toBe(`_opjwt=${reg?.token}; Path=/; SameSite=Lax; Max-Age=900`);

      const byToken = await t.gql(ME, {}, { token: reg?.token as string });
      expect(byToken.data).toEqual({ me: { email: 'ada.lay@example.com', username: 'ada_lay', goal: 'goal-500-1000' } });
      const byCookie = await t.gql(ME, {}, { cookie: `theme=dark; _opjwt=${reg?.token}` });
      expect(byCookie.data).toEqual(byToken.data);

      const row = await userRow(reg?.user?.uid.global as string);
      expect(row?.adultConfirmedAt.getTime()).toBe(t.clock());
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
      expect(row?.passwordHash).not.toContain(input.password);
      expect(row?.sessionVersion).toBe(0);
    });

    it('refuses a member who has not confirmed being 18 or over (BAD_INPUT on input.confirmAdult), and stores nothing', async () => {
      const input = newMember({ confirmAdult: false });
      const r = await gqlFrom<RegisterAnswer>(t, REGISTER, { input });
      expect(r.data?.register).toEqual({
        ok: false,
        error: { code: 'BAD_INPUT', message: 'You must be 18 or over to join: confirm your age to continue.', field: 'input.confirmAdult' },
        token: null,
        expiresAt: null,
        user: null,
      });
      expect(sessionCookies(r.headers)).toEqual([]);
      expect(await t.database.db.select().from(users).where(eq(users.email, input.email))).toEqual([]);
    });

    it.each([
      ['input.email', { email: 'not-an-address' }],
      ['input.email', { email: '   ' }],
      ['input.username', { username: 'ab' }],
      ['input.username', { username: 'has space' }],
      ['input.username', { username: 'x'.repeat(33) }],
      ['input.password', { password: 'nine char' }],
      ['input.password', { password: 'p'.repeat(201) }],
      ['input.firstName', { firstName: '  ' }],
      ['input.lastName', { lastName: 'L'.repeat(101) }],
      ['input.goal', { goal: 'get-rich-quick' }],
    ])('names the bad field %s (%j)', async (field, overrides) => {
      const r = await gqlFrom<RegisterAnswer>(t, REGISTER, { input: newMember(overrides) });
      expect(r.data?.register.ok).toBe(false);
      expect(r.data?.register.error).toMatchObject({ code: 'BAD_INPUT', field });
    });

    it('accepts the bounds: a 3-character username, a 10- and a 200-character password, 100-character names', async () => {
      const r1 = await gqlFrom<RegisterAnswer>(t, REGISTER, {
        input: newMember({ username: `a.${Date.now() % 10}`, password: 'kq7#vT2m!x' }),
      });
      expect(r1.data?.register.error).toBeNull();
      const r2 = await gqlFrom<RegisterAnswer>(t, REGISTER, {
        input: newMember({ password: LONGEST_PASSWORD, firstName: 'F'.repeat(100), lastName: 'L'.repeat(100) }),
      });
      expect(r2.data?.register.error).toBeNull();
    });

    it('reports the first bad field in form order when several are bad', async () => {
      const r = await gqlFrom<RegisterAnswer>(t, REGISTER, { input: newMember({ username: '!', password: 'short', confirmAdult: false }) });
      expect(r.data?.register.error?.field).toBe('input.username');
    });

    it('refuses an email address or username already taken (CONFLICT, whatever the case), in words usual for sign-up', async () => {
      const first = await registerMember(t);
      const email = await gqlFrom<RegisterAnswer>(t, REGISTER, { input: newMember({ email: first.input.email.toUpperCase() }) });
      expect(email.data?.register.error).toEqual({
        code: 'CONFLICT',
        message: 'An account with this email address already exists. Sign in, or reset your password if you have forgotten it.',
        field: 'input.email',
      });
      const username = await gqlFrom<RegisterAnswer>(t, REGISTER, { input: newMember({ username: first.input.username.toUpperCase() }) });
      expect(username.data?.register.error).toMatchObject({ code: 'CONFLICT', field: 'input.username' });
    });

    it('records the referrer for a member code (typed in any case), and ignores an unknown or malformed code', async () => {
      const referrer = await registerMember(t);
      const code = (await userRow(referrer.id))?.referralCode as string;
      const referred = await registerMember(t, { referralCode: ` ${code.toLowerCase()} ` });
      expect((await userRow(referred.id))?.referredBy).toBe(referrer.id);
      const unknown = await registerMember(t, { referralCode: 'ZZZZ9999' });
      expect((await userRow(unknown.id))?.referredBy).toBeNull();
      const malformed = await registerMember(t, { referralCode: 'not a code!' });
      expect((await userRow(malformed.id))?.referredBy).toBeNull();
    });

    it('gives every member a different referral code', async () => {
      const codes = (await t.database.db.select({ c: users.referralCode }).from(users)).map((r) => r.c);
      expect(codes.length).toBeGreaterThan(5);
      expect(new Set(codes).size).toBe(codes.length);
    });
  });

  describe('login', () => {
    it('signs in by email address or by username, in any case, and sets the cookie', async () => {
      const m = await registerMember(t);
      for (const name of [m.input.email.toUpperCase(), m.input.username, ` ${m.input.username.toUpperCase()} `]) {
        const r = await gqlFrom<{ login: { token: string; expiresAt: string; user: { email: string } } }>(t, LOGIN, {
          input: { login: name, password: m.input.password },
        });
        expect(r.errors).toBeUndefined();
        expect(r.data?.login.user.email).toBe(m.input.email);
        expect(cookieToken(sessionCookies(r.headers)[0] as string)).toBe(r.data?.login.token);
        expect((await t.gql(ME, {}, { token: r.data?.login.token as string })).data?.me).toMatchObject({ email: m.input.email });
      }
    });

    it('answers a wrong password and an unknown member with the identical error', async () => {
      const m = await registerMember(t);
      const wrong = await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: 'not the password' } });
      const unknown = await gqlFrom(t, LOGIN, { input: { login: 'nobody@example.com', password: 'not the password' } });
      const unknownName = await gqlFrom(t, LOGIN, { input: { login: 'nobody', password: m.input.password } });
      expect(wrong.errors).toEqual([
        {
          message: 'Wrong email, username or password.',
          locations: [{ line: 3, column: 5 }],
          path: ['login'],
          extensions: { code: 'UNAUTHENTICATED' },
        },
      ]);
      expect({ ...unknown, headers: null }).toEqual({ ...wrong, headers: null });
      expect({ ...unknownName, headers: null }).toEqual({ ...wrong, headers: null });
      expect(sessionCookies(wrong.headers)).toEqual([]);
    });
  });

  describe('tokens', () => {
    it('treats a tampered token as signed out', async () => {
      const m = await registerMember(t);
      const [head, payload, signature] = m.token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: 'u_someone-else' })).toString('base64url')}.${signature}`;
      expect((await t.gql(ME, {}, { token: forged })).data).toEqual({ me: null });
      const flipped = `${head}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await t.gql(ME, {}, { token: flipped })).data).toEqual({ me: null });
      expect((await t.gql(ME, {}, { token: m.token })).data?.me).not.toBeNull();
    });

    it('treats an expired token as signed out (the clock moved past 15 minutes)', async () => {
      const m = await registerMember(t);
      const start = t.clock();
      try {
        t.clock.advance(TOKEN_TTL_MS - 1000);
        expect((await t.gql(ME, {}, { token: m.token })).data?.me).not.toBeNull();
        t.clock.advance(1000);
        expect((await t.gql(ME, {}, { token: m.token })).data).toEqual({ me: null });
      } finally {
        t.clock.set(start);
      }
    });

    it('logout signs out this device: its token is revoked, its cookies cleared, other devices stay; then false', async () => {
      const m = await registerMember(t);
      const other = await gqlFrom<{ login: { token: string } }>(t, LOGIN, {
        input: { login: m.input.username, password: m.input.password },
      });
      const otherToken = other.data?.login.token as string;
      const out = await gqlFrom<{ logout: boolean }>(t, 'mutation { logout }', {}, { token: m.token });
      expect(out.data).toEqual({ logout: true });
      expect(sessionCookies(out.headers)).toEqual(['_opjwt=; Path=/; SameSite=Lax; Max-Age=0']);
      expect((await t.gql(ME, {}, { token: m.token })).data).toEqual({ me: null });
      expect((await t.gql(ME, {}, { token: otherToken })).data?.me).toMatchObject({ email: m.input.email });
      const again = await gqlFrom<{ logout: boolean }>(t, 'mutation { logout }', {}, { token: m.token });
      expect(again.data).toEqual({ logout: false });
      expect(sessionCookies(again.headers)).toEqual(['_opjwt=; Path=/; SameSite=Lax; Max-Age=0']);
    });

    it('rotates: a request past half the token life gets a fresh cookie for the same session; earlier ones do not', async () => {
      const m = await registerMember(t);
      const start = t.clock();
      try {
        t.clock.advance(TOKEN_TTL_MS / 2 - 1000);
        const early = await gqlFrom(t, ME, {}, { token: m.token });
        expect(sessionCookies(early.headers)).toEqual([]);
        t.clock.advance(1000);
        const late = await gqlFrom(t, ME, {}, { cookie: `_opjwt=${m.token}` });
        const [cookie] = sessionCookies(late.headers);
        expect(cookie).toMatch(/^_opjwt=[^;]+; Path=\/; SameSite=Lax; Max-Age=900$/);
        const fresh = cookieToken(cookie as string);
        expect(fresh).not.toBe(m.token);
        // The old token dies at 15 minutes; the fresh one lives on.
        t.clock.set(start + TOKEN_TTL_MS);
        expect((await t.gql(ME, {}, { token: m.token })).data).toEqual({ me: null });
        expect((await t.gql(ME, {}, { token: fresh })).data?.me).toMatchObject({ email: m.input.email });
      } finally {
        t.clock.set(start);
      }
    });

    it('refreshSession issues a fresh token for a live session', async () => {
      const m = await registerMember(t);
      const refresh = 'mutation { refreshSession { ok token expiresAt } }';
      const start = t.clock();
      try {
        t.clock.advance(60_000);
        const r = await gqlFrom<{ refreshSession: { ok: boolean; token: string; expiresAt: string } }>(t, refresh, {}, { token: m.token });
        expect(r.data?.refreshSession.ok).toBe(true);
        expect(r.data?.refreshSession.expiresAt).toBe(new Date(t.clock() + TOKEN_TTL_MS).toISOString());
        expect(cookieToken(sessionCookies(r.headers).at(-1) as string)).toBe(r.data?.refreshSession.token);
      } finally {
        t.clock.set(start);
      }
    });
  });

  describe('changePassword', () => {
    const change = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok error { code field } token } }';

    it('checks the current password and the new one, naming the field', async () => {
      const m = await registerMember(t);
      const wrong = await gqlFrom<{ changePassword: { ok: boolean; error: unknown } }>(
        t,
        change,
        { input: { currentPassword: 'not it at all', newPassword: 'a brand new password' } },
        { token: m.token },
      );
      expect(wrong.data?.changePassword).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', field: 'input.currentPassword' } });
      const short = await gqlFrom<{ changePassword: { error: unknown } }>(
        t,
        change,
        { input: { currentPassword: m.input.password, newPassword: 'short' } },
        { token: m.token },
      );
      expect(short.data?.changePassword.error).toEqual({ code: 'BAD_INPUT', field: 'input.newPassword' });
      const signedOut = await gqlFrom(t, change, { input: { currentPassword: m.input.password, newPassword: 'a brand new password' } });
      expect(signedOut.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    });

    it('revokes every other token, gives this session a fresh one, and only the new password signs in', async () => {
      const m = await registerMember(t);
      const other = (await gqlFrom<{ login: { token: string } }>(t, LOGIN, { input: { login: m.input.email, password: m.input.password } }))
        .data?.login.token as string;
      const r = await gqlFrom<{ changePassword: { ok: boolean; token: string } }>(
        t,
        change,
        { input: { currentPassword: m.input.password, newPassword: 'a brand new password' } },
        { token: m.token },
      );
      expect(r.data?.changePassword.ok).toBe(true);
      const fresh = r.data?.changePassword.token as string;
      expect(cookieToken(sessionCookies(r.headers).at(-1) as string)).toBe(fresh);
      expect((await t.gql(ME, {}, { token: m.token })).data).toEqual({ me: null });
      expect((await t.gql(ME, {}, { token: other })).data).toEqual({ me: null });
      expect((await t.gql(ME, {}, { token: fresh })).data?.me).toMatchObject({ email: m.input.email });
      expect(
        (await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: m.input.password } })).errors?.[0]?.extensions?.['code'],
      ).toBe('UNAUTHENTICATED');
      expect((await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: 'a brand new password' } })).errors).toBeUndefined();
    });
  });

  describe('setGoal', () => {
    const setGoal = 'mutation($goal: String!) { setGoal(goal: $goal) { ok error { code field } user { goal } } }';

    it('records one of the brand goals and refuses anything else, naming goal', async () => {
      const m = await registerMember(t);
      const good = await gqlFrom<{ setGoal: unknown }>(t, setGoal, { goal: 'goal-1000-2000' }, { token: m.token });
      expect(good.data?.setGoal).toEqual({ ok: true, error: null, user: { goal: 'goal-1000-2000' } });
      const bad = await gqlFrom<{ setGoal: unknown }>(t, setGoal, { goal: 'goal-1-2' }, { token: m.token });
      expect(bad.data?.setGoal).toEqual({ ok: false, error: { code: 'BAD_INPUT', field: 'goal' }, user: null });
      expect((await t.gql(ME, {}, { token: m.token })).data?.me).toMatchObject({ goal: 'goal-1000-2000' });
      const signedOut = await gqlFrom(t, setGoal, { goal: 'goal-1000-2000' });
      expect(signedOut.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
    });
  });
});
