import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger';
import { gqlFrom, registerMember } from '../modules/accounts/test-support';
import { insertPasswordReset } from '../modules/accounts/service';
import { createMemoryPubSub, type PubSubPayload } from '../pubsub/index';
import { refundPayment } from '../modules/billing/refunds';
import { createTestApp, memberWithPlan, type TestApp } from '../test/app';
import { addMember } from '../test/fixture-members';
import { readRevocation, REVOCATION_TOPIC, revokeLiveAccess } from './revocation';
import { totpOf } from './two-factor';

const silent = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as Logger;

describe('revokeLiveAccess', () => {
  it('publishes the member, the session (null: every session) and the reason on the revocation topic', async () => {
    const pubSub = createMemoryPubSub();
    const heard = pubSub.subscribe(REVOCATION_TOPIC);
    await revokeLiveAccess({ pubSub, logger: silent }, { userId: 'u1', reason: 'signed-out-everywhere' });
    await revokeLiveAccess({ pubSub, logger: silent }, { userId: 'u1', sessionId: 's1', reason: 'signed-out' });
    expect((await heard.next()).value).toEqual({ userId: 'u1', sessionId: null, reason: 'signed-out-everywhere' });
    expect((await heard.next()).value).toEqual({ userId: 'u1', sessionId: 's1', reason: 'signed-out' });
    await pubSub.close();
  });

  it('refuses a bad argument with a TypeError naming the field', async () => {
    const deps = { pubSub: createMemoryPubSub(), logger: silent };
    await expect(revokeLiveAccess(deps, { userId: '', reason: 'signed-out' })).rejects.toThrow(/^revocation\.userId:/);
    await expect(revokeLiveAccess(deps, { userId: 'u1', reason: 'bored' as never })).rejects.toThrow(/^revocation\.reason:/);
    await expect(revokeLiveAccess(deps, { userId: 'u1', sessionId: '', reason: 'signed-out' })).rejects.toThrow(/^revocation\.sessionId:/);
    await expect(revokeLiveAccess(deps, { userId: 'u1', reason: 'password-changed', renewSessionId: '' })).rejects.toThrow(
      /^revocation\.renewSessionId:/,
    );
  });

  it('logs a PubSub failure at error level and does not throw (the change it follows stands)', async () => {
    const pubSub = createMemoryPubSub();
    await pubSub.close();
    const logger = { ...silent, error: vi.fn() } as unknown as Logger;
    await expect(revokeLiveAccess({ pubSub, logger }, { userId: 'u1', reason: 'password-changed' })).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ userId: 'u1', reason: 'password-changed' }), expect.any(String));
  });

  it('readRevocation takes only well-formed messages', () => {
    expect(readRevocation({ userId: 'u1', sessionId: null, reason: 'access-changed' })).toEqual({
      userId: 'u1',
      sessionId: null,
      reason: 'access-changed',
      renewSessionId: null,
    });
    expect(readRevocation({ userId: 'u1', sessionId: null, reason: 'password-changed', renewSessionId: 's1' })).toEqual({
      userId: 'u1',
      sessionId: null,
      reason: 'password-changed',
      renewSessionId: 's1',
    });
    for (const bad of [
      null,
      'x',
      { userId: 1, sessionId: null, reason: 'signed-out' },
      { userId: 'u1', reason: 'signed-out' },
      { userId: 'u1', sessionId: null, reason: 'password-changed', renewSessionId: 7 },
    ]) {
      expect(readRevocation(bad)).toBeNull();
    }
    expect(readRevocation({ userId: 'u1', sessionId: null, reason: 'nope' })).toBeNull();
  });
});

/** The revocations published while `action` runs (publish resolves once delivered here: memory PubSub). */
async function revocationsDuring(t: TestApp, action: () => Promise<unknown>): Promise<PubSubPayload[]> {
  const stop = new AbortController();
  const heard = t.app.deps.pubSub.subscribe(REVOCATION_TOPIC, stop.signal);
  await heard.ready;
  const got: PubSubPayload[] = [];
  const reading = (async () => {
    for await (const message of heard) got.push(message);
  })();
  await action();
  await new Promise((resolve) => setTimeout(resolve, 10));
  stop.abort();
  await reading;
  return got;
}

describe('the account actions that end sessions revoke live access after they commit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  it('logout (this device: its session)', async () => {
    const m = await registerMember(t);
    const claims = await t.app.deps.tokens.verify(m.token, t.clock());
    const heard = await revocationsDuring(t, () => gqlFrom(t, 'mutation { logout }', {}, { token: m.token }));
    expect(heard).toEqual([{ userId: m.id, sessionId: claims?.sessionId, reason: 'signed-out' }]);
  });

  it('logoutEverywhere', async () => {
    const m = await registerMember(t);
    const heard = await revocationsDuring(t, () => gqlFrom(t, 'mutation { logoutEverywhere }', {}, { token: m.token }));
    expect(heard).toEqual([{ userId: m.id, sessionId: null, reason: 'signed-out-everywhere' }]);
  });

  it('changePassword, and not when the current password is wrong', async () => {
    const m = await registerMember(t);
    const change = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok } }';
    const wrong = await revocationsDuring(t, () =>
      gqlFrom(t, change, { input: { currentPassword: 'not the password', newPassword: 'a brand new password' } }, { token: m.token }),
    );
    expect(wrong).toEqual([]);
    const heard = await revocationsDuring(t, () =>
      gqlFrom(t, change, { input: { currentPassword: m.input.password, newPassword: 'a brand new password' } }, { token: m.token }),
    );
    // Every session, but this device's is renewed rather than signed out.
    const claims = await t.app.deps.tokens.verify(m.token, t.clock());
    expect(heard).toEqual([{ userId: m.id, sessionId: null, reason: 'password-changed', renewSessionId: claims?.sessionId }]);
  });

  it('confirmTwoFactor: every other session, this one renewed; not when the password is wrong', async () => {
    const m = await registerMember(t);
    const setup = await gqlFrom<{ startTwoFactorSetup: { secret: string } }>(
      t,
      'mutation { startTwoFactorSetup { secret } }',
      {},
      { token: m.token },
    );
    const code = totpOf(setup.data?.startTwoFactorSetup.secret as string, 'app', '').generate({ timestamp: t.clock() });
    const confirm = 'mutation($input: ConfirmTwoFactorInput!) { confirmTwoFactor(input: $input) { ok } }';
    const wrong = await revocationsDuring(t, () =>
      gqlFrom(t, confirm, { input: { currentPassword: 'not the password', code } }, { token: m.token }),
    );
    expect(wrong).toEqual([]);
    let ok: unknown;
    const heard = await revocationsDuring(t, async () => {
      ok = (await gqlFrom(t, confirm, { input: { currentPassword: m.input.password, code } }, { token: m.token })).data;
    });
    expect(ok).toEqual({ confirmTwoFactor: { ok: true } });
    const claims = await t.app.deps.tokens.verify(m.token, t.clock());
    expect(heard).toEqual([{ userId: m.id, sessionId: null, reason: 'two-step-enabled', renewSessionId: claims?.sessionId }]);
  });

  it('resetPassword', async () => {
    const m = await registerMember(t);
    const token = randomBytes(32).toString('base64url');
    await insertPasswordReset(t.database.db, m.id, token, new Date(t.clock() + 60_000));
    const reset = 'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { ok } }';
    let ok: unknown;
    const heard = await revocationsDuring(t, async () => {
      ok = (await gqlFrom<{ resetPassword: { ok: boolean } }>(t, reset, { input: { token, newPassword: 'a fresh password here' } })).data;
    });
    expect(ok).toEqual({ resetPassword: { ok: true } });
    expect(heard).toEqual([{ userId: m.id, sessionId: null, reason: 'password-reset' }]);
  });
});

describe('the changes that may take a tool away revoke as access-changed after they commit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  it('a refund (every billing transaction tells of each member it changed)', async () => {
    await memberWithPlan(t, 'u_refunded', 'platinum');
    const heard = await revocationsDuring(t, async () => {
      expect(await refundPayment(t.app.deps, 'u_refunded:term-1', t.clock())).toEqual({ ok: true });
    });
    expect(heard).toEqual([{ userId: 'u_refunded', sessionId: null, reason: 'access-changed' }]);
  });

  it('an administrator taking a capability away, and not one only adding', async () => {
    const boss = await addMember(t, { additionalCapabilities: ['PA-CAP-028'] });
    const bob = await addMember(t, { additionalCapabilities: ['PA-CAP-045'] });
    const set = (codes: string[]) =>
      t.gql(
        'mutation($member: ID!, $codes: [String!]!) { adminSetAdditionalCapabilities(member: $member, codes: $codes) { ok } }',
        {
          member: bob.id,
          codes,
        },
        { token: boss.token },
      );
    expect(await revocationsDuring(t, () => set(['PA-CAP-045', 'PA-CAP-051']))).toEqual([]);
    expect(await revocationsDuring(t, () => set(['PA-CAP-051']))).toEqual([{ userId: bob.id, sessionId: null, reason: 'access-changed' }]);
  });
});
