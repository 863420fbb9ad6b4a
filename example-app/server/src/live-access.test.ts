// Revocation reaching live streams, on the running server (loopback), with the sdk's graphql-ws
// client and a server-sent-events stream read with fetch: each sign-out action ends the member's
// socket (4403) and event stream within a second; an access change ends only the subscriptions
// the member lost.
import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createSimulatedFeed } from '@matchkit/app-contract/feed';
import { TrackedBetChangedSubscription, type SubscriptionClient } from '@matchkit/sdk/transport';
import { eq } from 'drizzle-orm';
import type { ExecutionResult } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger, sessions, users } from './db/schema';
import { collect, registerMember, subscriptionClient, waitFor, type Collector, type Member } from './e2e/clients';
import { OddsPatchesSubscription } from './e2e/documents';
import { insertPasswordReset } from './modules/accounts/service';
import { refundPayment } from './modules/billing/refunds';
import { revokeLiveAccess } from './auth/revocation';
import { totpOf } from './auth/two-factor';
import { endable, TOKEN_EXPIRED_MESSAGE } from './live-access';
import { createTestApp, testClock, type TestApp } from './test/app';
import { eventStream, post } from './test/live-streams';

const TRACKER = 'subscription { trackedBetChanged { id } }';
const ODDS = 'subscription { oddsPatches { seq } }';

describe('endable', () => {
  /** A source that yields `first`, then waits until it is returned; records whether it was. */
  function waitingSource(first: ExecutionResult) {
    const state = { returned: false };
    let release: () => void = () => undefined;
    const source: AsyncIterableIterator<ExecutionResult> = {
      [Symbol.asyncIterator]: () => source,
      next: (() => {
        let sent = false;
        return () => {
          if (!sent) {
            sent = true;
            return Promise.resolve({ value: first, done: false });
          }
          return new Promise<IteratorResult<ExecutionResult>>((resolve) => (release = () => resolve({ value: undefined, done: true })));
        };
      })(),
      return: () => {
        state.returned = true;
        release();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
    return { source, state };
  }

  it('end() while a next() waits on the source: the source is returned, the last result comes, then done; onFinish once', async () => {
    const { source, state } = waitingSource({ data: { n: 1 } });
    let finished = 0;
    const stream = endable(source, () => (finished += 1));
    expect(await stream.iterator.next()).toEqual({ value: { data: { n: 1 } }, done: false });
    const pending = stream.iterator.next();
    stream.end({ errors: [] });
    expect(await pending).toEqual({ value: { errors: [] }, done: false });
    expect(await stream.iterator.next()).toEqual({ value: undefined, done: true });
    expect(state.returned).toBe(true);
    stream.end({ data: null });
    await stream.iterator.return?.();
    expect(finished).toBe(1);
  });

  it('keeps no result it has passed on (a stream open for hours sends tens of thousands)', async () => {
    // The garbage collector, as node's --expose-gc would give it, for this test alone.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let sent = 0;
    const source: AsyncIterableIterator<ExecutionResult> = {
      [Symbol.asyncIterator]: () => source,
      next: () => Promise.resolve({ value: { data: { n: (sent += 1), padding: 'x'.repeat(64) } }, done: false }),
      return: () => Promise.resolve({ value: undefined, done: true }),
    };
    const stream = endable(source, () => undefined);
    const firstResults: WeakRef<object>[] = [];
    for (let i = 0; i < 200; i += 1) {
      const step = await stream.iterator.next();
      if (i < 100) firstResults.push(new WeakRef(step.value as object));
    }
    // A WeakRef's target stays alive until the job that read it ends: collect in a later task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(firstResults.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    await stream.iterator.return?.();
  });

  it('a source that fails: the error reaches the consumer and onFinish runs once (its consumer never returns it)', async () => {
    const failure = new Error('access re-check: FORBIDDEN');
    const source: AsyncIterableIterator<ExecutionResult> = {
      [Symbol.asyncIterator]: () => source,
      next: () => Promise.reject(failure),
      return: () => Promise.resolve({ value: undefined, done: true }),
    };
    let finished = 0;
    const stream = endable(source, () => (finished += 1));
    await expect(stream.iterator.next()).rejects.toBe(failure);
    expect(finished).toBe(1);
    stream.end({ errors: [] });
    expect(await stream.iterator.next()).toEqual({ value: undefined, done: true });
    expect(finished).toBe(1);
  });

  it('the consumer returning first: the source is returned, end() afterwards sends nothing', async () => {
    const { source, state } = waitingSource({ data: { n: 1 } });
    let finished = 0;
    const stream = endable(source, () => (finished += 1));
    await stream.iterator.return?.();
    expect(state.returned).toBe(true);
    stream.end({ errors: [] });
    expect(await stream.iterator.next()).toEqual({ value: undefined, done: true });
    expect(finished).toBe(1);
  });
});

describe('revocation ends live streams on the running server', () => {
  let t: TestApp;
  let origin: string;
  const clients: SubscriptionClient[] = [];
  beforeAll(async () => {
    const clock = testClock('2026-03-02T10:00:00Z');
    t = await createTestApp({ clock, feed: createSimulatedFeed({ seed: 5, clock, eventCount: 10 }) });
    origin = (await t.app.start(0, '127.0.0.1')).origin;
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.dispose()));
    await t?.stop();
  });

  /** Records a platinum payment for the member, begun a day ago and ending `leftMs` after the app's now; returns its id. */
  async function payPlatinum(userId: string, leftMs: number): Promise<string> {
    const now = t.clock();
    const id = `${userId}:platinum:${now + leftMs}`;
    await t.database.db.insert(ledger).values({
      id,
      userId,
      type: 'payment',
      plan: 'platinum',
      amount: 0,
      periodStart: new Date(now - 86_400_000),
      periodEnd: new Date(now + leftMs),
      at: new Date(now - 86_400_000),
    });
    return id;
  }

  /** A member (signed in with a password) holding the profit tracker and, through a paid term, the oddsmatcher. */
  async function trackerMember(): Promise<Member & { paymentId: string }> {
    const member = await registerMember(origin, { prefix: 'live' });
    await t.database.db
      .update(users)
      .set({ additionalCapabilities: ['MK-CAP-PROFIT-TRACKER'] })
      .where(eq(users.id, member.id));
    const paymentId = await payPlatinum(member.id, 30 * 86_400_000);
    return { ...member, paymentId };
  }

  function socketOf(member: Member): SubscriptionClient {
    const client = subscriptionClient(origin, member.session, { pageOrigin: t.config.publicOrigin, retry: false });
    clients.push(client);
    return client;
  }

  /** Waits until the member has `count` registered sockets and subscriptions (then they are live). */
  const registered = (member: Member, count: number) =>
    waitFor(`${count} live entries`, () => (t.app.liveAccess.size(member.id) >= count ? true : undefined), 10_000, 10);

  /** A second sign-in of the member (another device's session); its token. */
  async function signInElsewhere(member: Member): Promise<string> {
    const other = (await post(origin, 'mutation($input: LoginInput!) { login(input: $input) { token } }', {
      input: { login: member.email, password: member.password },
    })) as { data: { login: { token: string } } };
    return other.data.login.token;
  }

  const actions: [string, (m: Member) => Promise<unknown>][] = [
    ['logout (this device, whose streams these are)', (m) => post(origin, 'mutation { logout }', {}, m.session.token ?? '')],
    ['logoutEverywhere', (m) => post(origin, 'mutation { logoutEverywhere }', {}, m.session.token ?? '')],
    [
      "a password change on another device (this device's renewal: below)",
      async (m) =>
        post(
          origin,
          'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok } }',
          { input: { currentPassword: m.password, newPassword: 'an entirely new password' } },
          await signInElsewhere(m),
        ),
    ],
    [
      'two-step sign-in turned on on another device',
      async (m) => {
        const elsewhere = await signInElsewhere(m);
        const setup = (await post(origin, 'mutation { startTwoFactorSetup { secret } }', {}, elsewhere)) as {
          data: { startTwoFactorSetup: { secret: string } };
        };
        const code = totpOf(setup.data.startTwoFactorSetup.secret, 'app', '').generate({ timestamp: t.clock() });
        return post(
          origin,
          'mutation($input: ConfirmTwoFactorInput!) { confirmTwoFactor(input: $input) { ok } }',
          { input: { currentPassword: m.password, code } },
          elsewhere,
        );
      },
    ],
    [
      'a password reset',
      async (m) => {
        const token = randomBytes(32).toString('base64url');
        await insertPasswordReset(t.database.db, m.id, token, new Date(t.clock() + 60_000));
        return post(origin, 'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { ok } }', {
          input: { token, newPassword: 'an entirely new password' },
        });
      },
    ],
  ];

  it.each(actions)('%s closes the socket with 4403 and ends the event stream within a second', async (_, action) => {
    const member = await trackerMember();
    const token = member.session.token as string;
    const socket = socketOf(member);
    const changes = collect(socket, { query: TrackedBetChangedSubscription });
    const stream = await eventStream(origin, token, TRACKER);
    await registered(member, 3);

    const outcome = await action(member);
    expect(JSON.stringify(outcome)).not.toContain('"ok":false');
    const done = Date.now();
    await waitFor('the socket to close', () => (changes.error === null ? undefined : true), 1000, 5);
    expect(changes.error).toMatchObject({ kind: 'network', closeCode: 4403 });
    const streamEnded = await stream.ended;
    expect(streamEnded - done).toBeLessThan(1000);
    expect(stream.events.at(-1)?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(socket.connection.getSnapshot()).toMatchObject({ status: 'closed', code: 4403 });
    await registered(member, 0).catch(() => undefined);
    expect(t.app.liveAccess.size(member.id)).toBe(0);
  });

  it("a password change renews the changing device's own streams (4440, then the fresh token) and signs out the other device's", async () => {
    const member = await trackerMember();
    const otherToken = await signInElsewhere(member);
    let answered: (token: string | null) => void = () => undefined;
    const freshToken = new Promise<string | null>((resolve) => (answered = resolve));
    let renewals = 0;
    const own = subscriptionClient(origin, member.session, {
      pageOrigin: t.config.publicOrigin,
      retry: false,
      // As the web app's silent renewal does: the token the mutation's answer carries.
      refreshToken: () => ((renewals += 1), freshToken),
    });
    clients.push(own);
    const ownChanges = collect(own, { query: TrackedBetChangedSubscription });
    const ownStream = await eventStream(origin, member.session.token as string, TRACKER);
    const elsewhere = socketOf({ ...member, session: { ...member.session, token: otherToken } });
    const elsewhereChanges = collect(elsewhere, { query: TrackedBetChangedSubscription });
    await registered(member, 5);
    const reconnects: string[] = [];
    own.connection.subscribe(() => reconnects.push(own.connection.getSnapshot().status));

    const outcome = (await post(
      origin,
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok token } }',
      { input: { currentPassword: member.password, newPassword: 'an entirely new password' } },
      member.session.token as string,
    )) as { data: { changePassword: { ok: boolean; token: string } } };
    expect(outcome.data.changePassword.ok).toBe(true);
    answered(outcome.data.changePassword.token);

    await waitFor('the other device signed out', () => (elsewhereChanges.error === null ? undefined : true), 1000, 5);
    expect(elsewhereChanges.error).toMatchObject({ kind: 'network', closeCode: 4403 });
    // This device's socket was closed for renewal, reconnected with the fresh token, and its subscription runs on.
    await waitFor(
      'this device reconnected',
      () => (own.connection.getSnapshot().status === 'connected' && renewals > 0 ? true : undefined),
      5000,
      5,
    );
    expect(reconnects).toContain('reconnecting');
    expect(ownChanges.error).toBeNull();
    expect(ownChanges.completed).toBe(false);
    // Its event stream ended as at token expiry (subscribe again), not as a sign-out.
    await ownStream.ended;
    expect(ownStream.events.at(-1)?.errors?.[0]?.message).toBe(TOKEN_EXPIRED_MESSAGE);
    await waitFor('the renewed socket registered', () => (t.app.liveAccess.size(member.id) === 2 ? true : undefined), 5000, 10);
  });

  it("another member's streams run on", async () => {
    const [leaving, staying] = [await trackerMember(), await trackerMember()];
    const stays = collect(socketOf(staying), { query: TrackedBetChangedSubscription });
    const goes = collect(socketOf(leaving), { query: TrackedBetChangedSubscription });
    await registered(staying, 2);
    await registered(leaving, 2);
    await post(origin, 'mutation { logoutEverywhere }', {}, leaving.session.token ?? '');
    await waitFor('the leaving socket to close', () => (goes.error === null ? undefined : true), 1000, 5);
    expect(stays.error).toBeNull();
    expect(t.app.liveAccess.size(staying.id)).toBe(2);
  });

  it("'access-changed' ends only the subscriptions the member lost (a refund takes the oddsmatcher, the tracker stays), on the socket and as events", async () => {
    const member = await trackerMember();
    const token = member.session.token as string;
    const socket = socketOf(member);
    const tracker: Collector<unknown> = collect(socket, { query: TrackedBetChangedSubscription });
    const odds: Collector<unknown> = collect(socket, { query: OddsPatchesSubscription });
    const oddsStream = await eventStream(origin, token, ODDS);
    const trackerStream = await eventStream(origin, token, TRACKER);
    await registered(member, 5);

    expect(await refundPayment(t.app.deps, member.paymentId, t.clock())).toEqual({ ok: true });
    const done = Date.now();
    const ended = await odds.next((e) => e.errors !== undefined, 1000);
    expect(ended.errors?.[0]).toMatchObject({ message: 'Your plan no longer includes this.', extensions: { code: 'FORBIDDEN' } });
    await waitFor('the oddsmatcher subscription to complete', () => (odds.completed ? true : undefined), 1000, 5);
    expect((await oddsStream.ended) - done).toBeLessThan(1000);
    expect(oddsStream.events.at(-1)?.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // The tracker runs on, on the same socket and as events.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tracker.error).toBeNull();
    expect(tracker.completed).toBe(false);
    expect(socket.connection.getSnapshot().status).toBe('connected');
    expect(t.app.liveAccess.size(member.id)).toBe(3);
    const settled = await Promise.race([trackerStream.ended, new Promise((resolve) => setTimeout(() => resolve('running'), 100))]);
    expect(settled).toBe('running');
    await trackerStream.cancel();
  });

  it('counts the revocations heard and the streams ended, by reason, in /metrics', async () => {
    const text = await t.app.metrics.render();
    expect(text).toMatch(/matchkit_revocations_total\{reason="signed-out-everywhere"\} [1-9]/);
    expect(text).toMatch(/matchkit_revocations_total\{reason="access-changed"\} [1-9]/);
    expect(text).toMatch(/matchkit_live_streams_ended_total\{reason="password-reset",transport="ws"\} [1-9]/);
    expect(text).toMatch(/matchkit_live_streams_ended_total\{reason="password-reset",transport="sse"\} [1-9]/);
    expect(text).toMatch(/matchkit_live_streams_ended_total\{reason="access-changed",transport="ws"\} 1\b/);
    expect(text).toMatch(/matchkit_live_streams_ended_total\{reason="access-changed",transport="sse"\} 1\b/);
  });

  it('a plan that runs out (nothing stored changes, no revocation) ends its subscription when the period ends', async () => {
    const member = await registerMember(origin, { prefix: 'lapse' });
    await payPlatinum(member.id, 1500);
    const stream = await eventStream(origin, member.session.token as string, ODDS);
    await registered(member, 1);
    // The app's clock passes the period's end (the wall clock reaches it 1.5 s from now).
    t.clock.advance(2000);
    const outcome = await Promise.race([stream.ended, new Promise((resolve) => setTimeout(() => resolve('still running'), 4000))]);
    expect(outcome).not.toBe('still running');
    expect(stream.events.at(-1)?.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("an access re-check also ends a stream whose own device's session was revoked meanwhile; another device's runs on", async () => {
    const member = await trackerMember();
    const other = (await post(origin, 'mutation($input: LoginInput!) { login(input: $input) { token } }', {
      input: { login: member.email, password: member.password },
    })) as { data: { login: { token: string } } };
    const revoked = await eventStream(origin, member.session.token as string, TRACKER);
    const kept = await eventStream(origin, other.data.login.token, TRACKER);
    await registered(member, 2);
    const claims = await t.app.deps.tokens.verify(member.session.token as string, t.clock());
    await t.database.db
      .update(sessions)
      .set({ revokedAt: new Date(t.clock()), revokedReason: 'signed-out' })
      .where(eq(sessions.id, claims?.sessionId ?? ''));
    await revokeLiveAccess(t.app.deps, { userId: member.id, reason: 'access-changed' });
    const done = Date.now();
    const ended = await Promise.race([
      revoked.ended,
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 2000)),
    ]);
    expect(ended - done).toBeLessThan(1000);
    expect(revoked.events.at(-1)?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const settled = await Promise.race([kept.ended, new Promise((resolve) => setTimeout(() => resolve('running'), 100))]);
    expect(settled).toBe('running');
    await kept.cancel();
  });
});
