// Per-device sessions and refresh tokens, through the app's handler, on the database the caller
// opens (sessions.test.ts: PGlite; sessions.pg.test.ts: PostgreSQL): "keep me signed in" and its
// cookies, rotation on use, reuse revoking the family, sliding versus browser-session expiry,
// sign-out of this device versus everywhere, the devices list and ending another device, hashed
// storage. Test support (not a test file).
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import {
  BROWSER_SESSION_IDLE_MS,
  BROWSER_SESSION_MAX_MS,
  PERSISTENT_SESSION_MAX_MS,
  PERSISTENT_SESSION_MS,
  REFRESH_REUSE_GRACE_MS,
} from '../../auth/sessions';
import { TOKEN_TTL_MS } from '../../auth/tokens';
import type { Database } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema';
import { createLogger } from '../../logger';
import { buildTestApp, testClock } from '../../test/app';
import { newMember, REGISTER } from './test-support';

const ORIGIN = 'http://localhost:3000';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token user { email } } }';
const REFRESH = 'mutation { refreshSession { ok token } }';
const ME = '{ me { email } }';
const MY_SESSIONS = '{ mySessions { id deviceType browser os ipAddress current keepSignedIn signedInAt lastSeenAt } }';
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Answer {
  readonly data: Record<string, unknown> | null;
  readonly errors?: readonly { message: string; extensions?: { code?: string } }[];
  readonly cookies: string[];
}

/** A device: its own cookie jar (as a browser keeps it), user agent and address. */
interface Device {
  readonly jar: Map<string, string>;
  readonly userAgent: string;
  readonly ip: string;
}

/** The address the suite's devices send from, unless a test says otherwise. */
const HOME_IP = '203.0.113.9';

export function sessionsSuite(label: string, openDatabase: () => Promise<Database>): void {
  describe(`sessions per device ${label}`, () => {
    const clock = testClock();
    const warnings: string[] = [];
    let app: App;

    beforeAll(async () => {
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          warnings.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      });
      app = await buildTestApp({ database: await openDatabase(), clock, logger: createLogger('warn', sink) });
    }, 120_000);
    afterAll(() => app.stop());

    const device = (userAgent = CHROME_LINUX, ip = HOME_IP): Device => ({ jar: new Map(), userAgent, ip });

    /** Sends an operation from `from` (its cookies, unless a bearer token is given instead) and stores the cookies set. */
    async function gql(from: Device | null, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Answer> {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': from?.userAgent ?? 'test' };
      // A device is a browser on the app's own page: it says so (Sec-Fetch-Site), as browsers do.
      if (from !== null) headers['sec-fetch-site'] = 'same-origin';
      if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
      else if (from !== null && from.jar.size > 0) headers['cookie'] = [...from.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await app.handler(
        new Request(`${ORIGIN}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) }),
        { ip: from?.ip ?? HOME_IP },
      );
      const body = (await response.json()) as Omit<Answer, 'cookies'>;
      const cookies = response.headers.getSetCookie();
      for (const c of cookies) {
        const [pair] = c.split(';');
        const at = (pair as string).indexOf('=');
        const name = (pair as string).slice(0, at);
        const value = (pair as string).slice(at + 1);
        if (from === null) continue;
        if (value === '' || /Max-Age=0\b/.test(c)) from.jar.delete(name);
        else from.jar.set(name, value);
      }
      return { ...body, cookies };
    }

    async function registered(): Promise<{ login: string; password: string; email: string }> {
      const input = newMember();
      const r = await gql(null, REGISTER, { input });
      expect(r.errors).toBeUndefined();
      return { login: input.username, password: input.password, email: input.email };
    }

    async function signIn(member: { login: string; password: string }, at: Device, keepSignedIn?: boolean): Promise<Answer> {
      const r = await gql(at, LOGIN, { input: { login: member.login, password: member.password, keepSignedIn } });
      expect(r.errors).toBeUndefined();
      return r;
    }

    /** Runs `body` and puts the clock back. */
    async function timeTravel(body: () => Promise<void>): Promise<void> {
      const start = clock();
      try {
        await body();
      } finally {
        clock.set(start);
      }
    }

    /** The device once its access token has gone (a browser drops `_opjwt` when it expires): its jar, without it. */
    const idle = (d: Device): Device => {
      d.jar.delete('_opjwt');
      return d;
    };
    /** A copy of the device's jar (a thief's copy of its cookies), sent from `ip` (the device's own by default). */
    const copy = (d: Device, ip = d.ip): Device => ({ jar: new Map(d.jar), userAgent: d.userAgent, ip });

    it('"keep me signed in" sets an HttpOnly, Strict refresh cookie on /graphql for 30 days; without it, for the browser session', async () => {
      const m = await registered();
      const kept = await signIn(m, device(), true);
      expect(kept.cookies).toEqual([
        expect.stringMatching(/^_opjwt=[^;]+; Path=\/; SameSite=Lax; Max-Age=900$/),
        expect.stringMatching(/^_mkrt=[A-Za-z0-9_-]{43}; Path=\/graphql; HttpOnly; SameSite=Strict; Max-Age=2592000$/),
        '_mksession=1; Path=/; SameSite=Strict; Max-Age=2592000',
      ]);
      const browser = await signIn(m, device(), false);
      expect(browser.cookies.slice(1)).toEqual([
        expect.stringMatching(/^_mkrt=[A-Za-z0-9_-]{43}; Path=\/graphql; HttpOnly; SameSite=Strict$/),
        '_mksession=1; Path=/; SameSite=Strict',
      ]);
      const https = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://app.example' }, database: app.deps.database, clock });
      try {
        const input = newMember();
        const r = await https.handler(
          new Request('https://app.example/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: REGISTER, variables: { input } }),
          }),
        );
        expect(r.headers.getSetCookie().every((c) => c.endsWith('; Secure'))).toBe(true);
      } finally {
        // The database is this suite's: only the second app's own parts stop.
        https.deps.memberRecords.close();
      }
    });

    it('stores only a SHA-256 of each refresh token, bound to its session, and no token text anywhere', async () => {
      const m = await registered();
      const phone = device(SAFARI_IPHONE);
      const r = await signIn(m, phone, true);
      const refresh = phone.jar.get('_mkrt') as string;
      const access = (r.data?.['login'] as { token: string }).token;
      const [stored] = await app.deps.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, createHash('sha256').update(refresh).digest('hex')));
      expect(stored).toBeDefined();
      const [session] = await app.deps.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, stored?.sessionId as string));
      expect(session).toMatchObject({ persistent: true, userAgent: SAFARI_IPHONE, ipAddress: '203.0.113.9', revokedAt: null });
      const tables = JSON.stringify([await app.deps.db.select().from(refreshTokens), await app.deps.db.select().from(sessions)]);
      expect(tables).not.toContain(refresh);
      expect(tables).not.toContain(access);
    });

    it('renews from the refresh cookie once the access token has expired, rotating the refresh token on every use', async () => {
      const m = await registered();
      const laptop = device();
      await signIn(m, laptop, true);
      await timeTravel(async () => {
        clock.advance(TOKEN_TTL_MS + 5 * 60_000);
        expect((await gql(laptop, ME)).data).toEqual({ me: null });
        const first = laptop.jar.get('_mkrt');
        const renewed = await gql(idle(laptop), REFRESH);
        expect(renewed.data).toMatchObject({ refreshSession: { ok: true } });
        const second = laptop.jar.get('_mkrt');
        expect(second).not.toBe(first);
        expect((await gql(laptop, ME)).data).toEqual({ me: { email: m.email } });
        // Again: the second token is spent and a third takes its place.
        clock.advance(TOKEN_TTL_MS + 60_000);
        expect((await gql(idle(laptop), REFRESH)).data).toMatchObject({ refreshSession: { ok: true } });
        expect(laptop.jar.get('_mkrt')).not.toBe(second);
        expect((await gql(laptop, ME)).data).toEqual({ me: { email: m.email } });
      });
    });

    it('a refresh token presented a second time revokes the whole session, logged at warn without the token', async () => {
      const m = await registered();
      const victim = device();
      await signIn(m, victim, true);
      // Copied to another machine: renewing from there, after the member, ends the session.
      const thief = copy(idle(victim), '198.51.100.23');
      const stolen = thief.jar.get('_mkrt') as string;
      // The member renews (the stolen token is spent), then the thief tries the stolen copy.
      const renewed = await gql(victim, REFRESH);
      const fresh = (renewed.data?.['refreshSession'] as { token: string }).token;
      warnings.length = 0;
      const refused = await gql(thief, REFRESH);
      expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(refused.cookies).toContain('_mkrt=; Path=/graphql; HttpOnly; SameSite=Strict; Max-Age=0');
      // The family is gone: the member's current refresh token and access token no longer work.
      expect((await gql(idle(victim), REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await gql(null, ME, {}, fresh)).data).toEqual({ me: null });
      const line = warnings.find((l) => l.includes('refresh token was presented again'));
      expect(line).toBeDefined();
      expect(line).not.toContain(stolen);
      expect(warnings.join('\n')).not.toContain(stolen);
    });

    it('a spent refresh token from the same address revokes the session once the 30 s grace has passed', async () => {
      const m = await registered();
      const member = device();
      await signIn(m, member, true);
      const copied = copy(idle(member));
      await timeTravel(async () => {
        expect((await gql(member, REFRESH)).data).toMatchObject({ refreshSession: { ok: true } });
        clock.advance(REFRESH_REUSE_GRACE_MS);
        warnings.length = 0;
        expect((await gql(copied, REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        expect((await gql(idle(member), REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        expect(warnings.some((l) => l.includes('refresh token was presented again: its session is revoked'))).toBe(true);
      });
    });

    it('a renewal whose answer was lost (the page reloaded mid-renewal) renews again from the same address within 30 s', async () => {
      const m = await registered();
      const member = device();
      await signIn(m, member, true);
      // The browser's jar before the renewal; the answer (its new cookies) never reaches it.
      const before = copy(idle(member));
      const spent = before.jar.get('_mkrt') as string;
      const lost = await gql(member, REFRESH);
      expect(lost.data).toMatchObject({ refreshSession: { ok: true } });
      const lostToken = member.jar.get('_mkrt') as string;
      await timeTravel(async () => {
        clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
        warnings.length = 0;
        const again = await gql(before, REFRESH);
        expect(again.errors).toBeUndefined();
        expect(again.data).toMatchObject({ refreshSession: { ok: true } });
        const next = before.jar.get('_mkrt') as string;
        expect([spent, lostToken]).not.toContain(next);
        // Renewed, not revoked: the session's access token works, and it is one device still.
        const token = (again.data?.['refreshSession'] as { token: string }).token;
        expect((await gql(null, ME, {}, token)).data).toEqual({ me: { email: m.email } });
        expect(warnings.join('\n')).not.toContain('its session is revoked');
        // The lost answer's token was spent by the renewal: 30 s later, presented, it ends the session.
        clock.advance(REFRESH_REUSE_GRACE_MS);
        expect((await gql(idle(copy(member)), REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        expect((await gql(idle(before), REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      });
    });

    it('renewals of one session at once (a lost answer retried beside the next renewal) leave one live refresh token', async () => {
      const m = await registered();
      const member = device();
      await signIn(m, member, true);
      const sessionOf = async (token: string) =>
        (
          await app.deps.db
            .select()
            .from(refreshTokens)
            .where(eq(refreshTokens.tokenHash, createHash('sha256').update(token).digest('hex')))
        )[0]?.sessionId as string;
      const sessionId = await sessionOf(member.jar.get('_mkrt') as string);
      const live = async () =>
        (await app.deps.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId))).filter((t) => t.usedAt === null)
          .length;
      for (let round = 0; round < 5; round++) {
        const lost = copy(idle(member));
        expect((await gql(member, REFRESH)).data).toMatchObject({ refreshSession: { ok: true } });
        // The lost answer's page retries with the spent token while the member's next renewal runs.
        const [again, next] = await Promise.all([gql(lost, REFRESH), gql(idle(member), REFRESH)]);
        expect(again.errors).toBeUndefined();
        expect(next.errors).toBeUndefined();
        expect(await live()).toBe(1);
        // Whichever answer came last holds the one live token: the member's jar renews with it.
        const current = [lost.jar.get('_mkrt'), member.jar.get('_mkrt')];
        const unspent = (await app.deps.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sessionId))).find(
          (t) => t.usedAt === null,
        );
        const liveToken = current.find((t) => t !== undefined && createHash('sha256').update(t).digest('hex') === unspent?.tokenHash);
        expect(liveToken).toBeDefined();
        member.jar.set('_mkrt', liveToken as string);
      }
    });

    it('"keep me signed in" slides on 30 days from each renewal; a browser session ends after 12 hours unused', async () => {
      const m = await registered();
      const kept = device();
      const browser = device();
      await signIn(m, kept, true);
      await signIn(m, browser, false);
      await timeTravel(async () => {
        // 11 hours on: both renew (each moves its own expiry on).
        clock.advance(BROWSER_SESSION_IDLE_MS - 60 * 60_000);
        expect((await gql(idle(browser), REFRESH)).data).toMatchObject({ refreshSession: { ok: true } });
        // 29 days on, then 29 more: past 30 days since sign-in, still alive because each renewal slid it.
        clock.advance(PERSISTENT_SESSION_MS - 24 * 60 * 60_000);
        expect((await gql(idle(kept), REFRESH)).data).toMatchObject({ refreshSession: { ok: true } });
        expect((await gql(idle(browser), REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        clock.advance(PERSISTENT_SESSION_MS - 24 * 60 * 60_000);
        expect((await gql(idle(kept), REFRESH)).data).toMatchObject({ refreshSession: { ok: true } });
        // Unused for 30 days: over.
        clock.advance(PERSISTENT_SESSION_MS + 1000);
        expect((await gql(idle(kept), REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      });
    });

    it('a bearer-only client (no cookies) renews with its valid token, as before', async () => {
      const m = await registered();
      const r = await gql(null, LOGIN, { input: { login: m.login, password: m.password } });
      const token = (r.data?.['login'] as { token: string }).token;
      await timeTravel(async () => {
        clock.advance(TOKEN_TTL_MS - 60_000);
        const renewed = await gql(null, REFRESH, {}, token);
        const next = (renewed.data?.['refreshSession'] as { token: string }).token;
        clock.advance(TOKEN_TTL_MS - 60_000);
        expect((await gql(null, ME, {}, token)).data).toEqual({ me: null });
        expect((await gql(null, ME, {}, next)).data).toEqual({ me: { email: m.email } });
      });
    });

    it("a session signed in from the app's own page renews only with its refresh cookie: a copied _opjwt dies with its 15 minutes", async () => {
      const m = await registered();
      const laptop = device();
      await signIn(m, laptop, false);
      const stolen = laptop.jar.get('_opjwt') as string;
      await timeTravel(async () => {
        // Past half the token's life: the thief's calls get no fresh token, by refreshSession or by rotation.
        clock.advance(TOKEN_TTL_MS / 2 + 60_000);
        const refused = await gql(null, REFRESH, {}, stolen);
        expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        const used = await gql(null, ME, {}, stolen);
        expect(used.data).toEqual({ me: { email: m.email } });
        expect(used.cookies.filter((c) => c.startsWith('_opjwt='))).toEqual([]);
        // The member's browser, with its refresh cookie beside the token, is rotated as before.
        const own = await gql(laptop, ME);
        expect(own.cookies.some((c) => /^_opjwt=[^;]+;/.test(c))).toBe(true);
        // Once the token's 15 minutes are over, the copy is worth nothing; the member is still signed in.
        clock.advance(TOKEN_TTL_MS);
        expect((await gql(null, ME, {}, stolen)).data).toEqual({ me: null });
        expect((await gql(null, REFRESH, {}, stolen)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        expect((await gql(idle(laptop), REFRESH)).data).toMatchObject({ refreshSession: { ok: true } });
        expect((await gql(laptop, ME)).data).toEqual({ me: { email: m.email } });
      });
    });

    it('however often it is renewed, a browser session ends 7 days after sign-in and a kept one 90 days, bearer-only ones too', async () => {
      const m = await registered();
      const browser = device();
      const kept = device();
      await signIn(m, browser, false);
      await signIn(m, kept, true);
      await timeTravel(async () => {
        const start = clock();
        // Renewed every 11 hours, a browser session lives up to its hard end, not past it.
        while (clock() + 11 * 60 * 60_000 < start + BROWSER_SESSION_MAX_MS) {
          clock.advance(11 * 60 * 60_000);
          expect((await gql(idle(browser), REFRESH)).data).toMatchObject({ refreshSession: { ok: true } });
        }
        clock.set(start + BROWSER_SESSION_MAX_MS + 1000);
        expect((await gql(idle(browser), REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        // A bearer-only client renewing every few minutes meets the same end: a sign-in 7 days less
        // 2 minutes ago renews once (to its hard end, not 12 hours on), then no more.
        const bearer = await gql(null, LOGIN, { input: { login: m.login, password: m.password } });
        const token = (bearer.data?.['login'] as { token: string }).token;
        const sessionId = (await app.deps.tokens.verify(token, clock()))?.sessionId as string;
        await app.deps.db
          .update(sessions)
          .set({ createdAt: new Date(clock() - BROWSER_SESSION_MAX_MS + 2 * 60_000) })
          .where(eq(sessions.id, sessionId));
        const last = await gql(null, REFRESH, {}, token);
        expect(last.errors).toBeUndefined();
        const [row] = await app.deps.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId));
        expect(row?.expiresAt.getTime()).toBe(clock() + 2 * 60_000);
        clock.advance(3 * 60_000);
        const next = (last.data?.['refreshSession'] as { token: string }).token;
        expect((await gql(null, REFRESH, {}, next)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
        // The kept session: renewed every 29 days, it ends 90 days after sign-in.
        clock.set(start);
        while (clock() + 29 * 24 * 60 * 60_000 < start + PERSISTENT_SESSION_MAX_MS) {
          clock.advance(29 * 24 * 60 * 60_000);
          expect((await gql(idle(kept), REFRESH)).data).toMatchObject({ refreshSession: { ok: true } });
        }
        clock.set(start + PERSISTENT_SESSION_MAX_MS + 1000);
        expect((await gql(idle(kept), REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      });
    });

    it('logout ends this device only; logoutEverywhere ends every device', async () => {
      const m = await registered();
      const [a, b, c] = [device(), device(), device()];
      for (const d of [a, b, c]) await signIn(m, d, true);
      const aRefresh = idle(copy(a));
      const out = await gql(a, 'mutation { logout }');
      expect(out.data).toEqual({ logout: true });
      expect(out.cookies.map((x) => x.split(';')[0])).toEqual(['_opjwt=', '_mkrt=', '_mksession=']);
      expect((await gql(aRefresh, REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await gql(b, ME)).data).toEqual({ me: { email: m.email } });
      expect((await gql(c, ME)).data).toEqual({ me: { email: m.email } });

      const cRefresh = idle(copy(c));
      expect((await gql(b, 'mutation { logoutEverywhere }')).data).toEqual({ logoutEverywhere: true });
      expect((await gql(b, ME)).data).toEqual({ me: null });
      expect((await gql(c, ME)).data).toEqual({ me: null });
      expect((await gql(cRefresh, REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await gql(device(), 'mutation { logout }')).data).toEqual({ logout: false });
    });

    it('lists the signed-in devices; endSession signs one out, and refuses another member’s id naming the field', async () => {
      const m = await registered();
      const [laptop, phone] = [device(), device(SAFARI_IPHONE)];
      await signIn(m, laptop, false);
      await signIn(m, phone, true);
      const listed = (await gql(laptop, MY_SESSIONS)).data?.['mySessions'] as { id: string; current: boolean }[];
      expect(listed).toHaveLength(3); // registration signed in too
      expect(listed).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ deviceType: 'COMPUTER', browser: 'Chrome', os: 'Linux', current: true, keepSignedIn: false }),
          expect.objectContaining({ deviceType: 'PHONE', browser: 'Mobile Safari', os: 'iOS', current: false, keepSignedIn: true }),
        ]),
      );
      const phoneId = listed.find((s) => !s.current && (s as unknown as { keepSignedIn: boolean }).keepSignedIn)?.id as string;

      const stranger = await registered();
      const strangerDevice = device();
      await signIn(stranger, strangerDevice, false);
      const refused = await gql(strangerDevice, 'mutation($id: ID!) { endSession(id: $id) { ok error { code field } } }', { id: phoneId });
      expect(refused.data).toEqual({ endSession: { ok: false, error: { code: 'BAD_INPUT', field: 'id' } } });
      expect((await gql(phone, ME)).data).toEqual({ me: { email: m.email } });

      const ended = await gql(laptop, 'mutation($id: ID!) { endSession(id: $id) { ok error { code } } }', { id: phoneId });
      expect(ended.data).toEqual({ endSession: { ok: true, error: null } });
      expect((await gql(phone, ME)).data).toEqual({ me: null });
      expect((await gql(idle(phone), REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await gql(laptop, MY_SESSIONS)).data?.['mySessions']).toHaveLength(2);
    });

    it('a password change keeps this device and ends the others', async () => {
      const m = await registered();
      const [here, there] = [device(), device()];
      await signIn(m, here, true);
      await signIn(m, there, true);
      const changed = await gql(here, 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok } }', {
        input: { currentPassword: m.password, newPassword: 'another long password' },
      });
      expect(changed.data).toEqual({ changePassword: { ok: true } });
      expect((await gql(here, ME)).data).toEqual({ me: { email: m.email } });
      expect((await gql(idle(copy(here)), REFRESH)).data).toMatchObject({ refreshSession: { ok: true } });
      expect((await gql(there, ME)).data).toEqual({ me: null });
      expect((await gql(idle(there), REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });
}
