import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INVALID_EMAIL_LINK } from '@matchkit/sdk/accounts';
import { emailTokens, outbox, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { gqlFrom, registerMember } from './test-support';

const VERIFY = 'mutation ($token: String!) { verifyEmail(token: $token) { ok error { code message field } } }';
const SEND_AGAIN = 'mutation { sendVerificationEmail { ok error { code message field } } }';
const VERIFIED = '{ me { emailVerified } }';

type Result<F extends string> = { [K in F]: { ok: boolean; error: { code: string; message: string; field: string | null } | null } };

describe('email verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const mailTo = (to: string) => t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
  /** The confirmation links mailed to `to`, newest first (sign-up sends a welcome too). */
  const linksTo = async (to: string) => (await mailTo(to)).filter((x) => x.subject.startsWith('Confirm your email address'));

  /** The token of the newest confirmation link mailed to `email` after `before` links (mail goes out after the response). */
  async function linkFor(email: string, before = 0): Promise<string> {
    const message = await vi.waitFor(async () => {
      const list = await linksTo(email);
      if (list.length <= before) throw new Error('no mail yet');
      return list[0] as (typeof list)[number];
    });
    const m = /^http:\/\/localhost:3000\/verify-email\?token=([A-Za-z0-9_-]{43})$/m.exec(message.text);
    expect(m, message.text).not.toBeNull();
    return m?.[1] as string;
  }

  const verified = async (token: string) =>
    (await t.gql<{ me: { emailVerified: boolean } }>(VERIFIED, {}, { token })).data?.me.emailVerified;

  it('sign-up mails a welcome once, then the confirmation link in its own message', async () => {
    const m = await registerMember(t);
    await linkFor(m.input.email);
    const subjects = (await mailTo(m.input.email)).map((x) => x.subject).reverse();
    expect(subjects).toEqual([expect.stringMatching(/^Welcome to .+$/), expect.stringMatching(/^Confirm your email address for .+$/)]);
    const [welcome] = await mailTo(m.input.email).then((list) => list.filter((x) => x.subject.startsWith('Welcome')));
    expect(welcome?.text).toContain('Hello Ada,');
    expect(welcome?.text).toMatch(/^http:\/\/localhost:3000\/welcome$/m);
  });

  it('sign-up queues the welcome and the confirmation link in the registration’s own transaction', async () => {
    const m = await registerMember(t);
    // No waiting: both are queued before the response, with the member's row (one transaction id).
    const xmin = sql<string>`xmin::text`;
    const [member] = await t.database.db.select({ xmin }).from(users).where(eq(users.id, m.id));
    const queued = await t.database.db.select({ xmin, kind: outbox.kind }).from(outbox).where(eq(outbox.to, m.input.email));
    expect(queued).toEqual([
      { xmin: member?.xmin, kind: 'welcome' },
      { xmin: member?.xmin, kind: 'verify-email' },
    ]);
    expect(await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, m.id))).toHaveLength(1);
  });

  it('sign-up mails a one-use link (only its hash stored, a day to use it); the member is unverified until it is followed', async () => {
    const m = await registerMember(t);
    expect(await verified(m.token)).toBe(false);
    const token = await linkFor(m.input.email);
    const [mail] = await linksTo(m.input.email);
    expect(mail?.subject).toMatch(/^Confirm your email address for .+$/);
    expect(mail?.text).toContain('Hello Ada,');

    const stored = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, m.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      purpose: 'verify',
      email: m.input.email,
      tokenHash: createHash('sha256').update(token).digest('hex'),
    });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.expiresAt.getTime()).toBe(t.clock() + 24 * 60 * 60_000);

    // No sign-in needed to follow it.
    expect((await gqlFrom<Result<'verifyEmail'>>(t, VERIFY, { token })).data?.verifyEmail).toEqual({ ok: true, error: null });
    expect(await verified(m.token)).toBe(true);
    expect((await gqlFrom<Result<'verifyEmail'>>(t, VERIFY, { token })).data?.verifyEmail).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: INVALID_EMAIL_LINK, field: 'token' },
    });
    // Confirmed already: nothing to send again.
    expect(
      (await gqlFrom<Result<'sendVerificationEmail'>>(t, SEND_AGAIN, {}, { token: m.token })).data?.sendVerificationEmail.error?.code,
    ).toBe('CONFLICT');
  });

  it('an expired, malformed or made-up link confirms nothing', async () => {
    const m = await registerMember(t);
    const token = await linkFor(m.input.email);
    for (const bad of ['nope', 'A'.repeat(43)]) {
      expect((await gqlFrom<Result<'verifyEmail'>>(t, VERIFY, { token: bad })).data?.verifyEmail.error).toEqual({
        code: 'BAD_INPUT',
        message: INVALID_EMAIL_LINK,
        field: 'token',
      });
    }
    t.clock.advance(24 * 60 * 60_000);
    expect((await gqlFrom<Result<'verifyEmail'>>(t, VERIFY, { token })).data?.verifyEmail.ok).toBe(false);
    // (The session has ended by now: the row says.)
    const [row] = await t.database.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, m.id));
    expect(row?.at).toBeNull();
  });

  it('"Send again" mails a new link that replaces the old one, at most 5 times an hour', async () => {
    const m = await registerMember(t);
    const first = await linkFor(m.input.email);
    expect((await gqlFrom<Result<'sendVerificationEmail'>>(t, SEND_AGAIN, {}, { token: m.token })).data?.sendVerificationEmail).toEqual({
      ok: true,
      error: null,
    });
    const second = await linkFor(m.input.email, 1);
    expect(second).not.toBe(first);
    expect((await gqlFrom<Result<'verifyEmail'>>(t, VERIFY, { token: first })).data?.verifyEmail.ok).toBe(false);
    for (let i = 0; i < 4; i += 1) {
      expect((await gqlFrom<Result<'sendVerificationEmail'>>(t, SEND_AGAIN, {}, { token: m.token })).data?.sendVerificationEmail.ok).toBe(
        true,
      );
    }
    const limited = (await gqlFrom<Result<'sendVerificationEmail'>>(t, SEND_AGAIN, {}, { token: m.token })).data?.sendVerificationEmail;
    expect(limited?.error?.code).toBe('RATE_LIMITED');
    expect(limited?.error?.message).toMatch(/^We have sent several links already\. Try again in \d+ minutes?\.$/);
    expect(await linksTo(m.input.email)).toHaveLength(6);
  });

  it('needs a signed-in member to send again', async () => {
    const r = await gqlFrom(t, SEND_AGAIN);
    expect(r.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED');
  });
});
