import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_EMAIL_LINK } from '@matchkit/sdk/accounts';
import { emailTokens, outbox, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { ADDRESS_UNAVAILABLE } from './change-email';
import { gqlFrom, LOGIN, registerMember } from './test-support';

const CHANGE = 'mutation ($input: ChangeEmailInput!) { changeEmail(input: $input) { ok error { code message field } } }';
const CONFIRM = 'mutation ($token: String!) { confirmEmailChange(token: $token) { ok error { code message field } } }';

type Result<F extends string> = { [K in F]: { ok: boolean; error: { code: string; message: string; field: string | null } | null } };

describe('changing the email address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const mailTo = (to: string) => t.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
  const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

  /** A registered member whose address is confirmed. */
  async function verifiedMember() {
    const m = await registerMember(t);
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date(t.clock()) })
      .where(eq(users.id, m.id));
    return m;
  }

  const change = (token: string, newEmail: string, currentPassword = 'a long enough password') =>
    gqlFrom<Result<'changeEmail'>>(t, CHANGE, { input: { newEmail, currentPassword } }, { token }).then((r) => r.data?.changeEmail);
  const confirm = (token: string) => gqlFrom<Result<'confirmEmailChange'>>(t, CONFIRM, { token }).then((r) => r.data?.confirmEmailChange);

  /** The token of the newest change link mailed to `email`. */
  async function changeLinkFor(email: string): Promise<string> {
    const [mail] = await mailTo(email);
    const m = /^http:\/\/localhost:3000\/confirm-email\?token=([A-Za-z0-9_-]{43})$/m.exec(mail?.text ?? '');
    expect(m, mail?.text).not.toBeNull();
    return m?.[1] as string;
  }

  it('mails a link to the new address and a notice to the old; only the link moves the account, once', async () => {
    const m = await verifiedMember();
    const newEmail = `new-${m.input.email}`;
    expect(await change(m.token, ` ${newEmail.toUpperCase()} `)).toEqual({ ok: true, error: null });
    // Nothing has changed yet.
    expect((await row(m.id))?.email).toBe(m.input.email);
    const [asked] = await mailTo(m.input.email);
    expect(asked?.subject).toMatch(/^A change of email address was asked for on /);
    const token = await changeLinkFor(newEmail);
    const [stored] = await t.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(stored).toMatchObject({ purpose: 'change', email: newEmail, userId: m.id });
    expect(stored?.expiresAt.getTime()).toBe(t.clock() + 60 * 60_000);

    expect(await confirm(token)).toEqual({ ok: true, error: null });
    const after = await row(m.id);
    expect(after?.email).toBe(newEmail);
    expect(after?.emailVerifiedAt?.getTime()).toBe(t.clock());
    const [done] = await mailTo(m.input.email);
    expect(done?.subject).toMatch(/email address has been changed$/);
    expect(await confirm(token)).toEqual({ ok: false, error: { code: 'BAD_INPUT', message: INVALID_EMAIL_LINK, field: 'token' } });

    // The new address signs in; the old one no longer does.
    expect((await gqlFrom(t, LOGIN, { input: { login: newEmail, password: m.input.password } })).errors).toBeUndefined();
    expect(
      (await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: m.input.password } })).errors?.[0]?.extensions?.['code'],
    ).toBe('UNAUTHENTICATED');
  });

  it('needs the current password and a confirmed address, and names the bad field', async () => {
    const m = await registerMember(t);
    expect(await change(m.token, 'x@example.com', 'wrong password')).toEqual({
      ok: false,
      error: { code: 'BAD_INPUT', message: 'Your current password is not right.', field: 'input.currentPassword' },
    });
    expect((await change(m.token, 'x@example.com'))?.error?.code).toBe('FORBIDDEN');
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date(t.clock()) })
      .where(eq(users.id, m.id));
    expect((await change(m.token, 'not-an-address'))?.error).toMatchObject({ code: 'BAD_INPUT', field: 'input.newEmail' });
    expect((await change(m.token, m.input.email))?.error).toEqual({
      code: 'BAD_INPUT',
      message: 'That is already your email address.',
      field: 'input.newEmail',
    });
    expect(await mailTo('x@example.com')).toEqual([]);
  });

  it("refuses another member's address with words that do not say whose, and the link does not steal it later", async () => {
    const m = await verifiedMember();
    const other = await registerMember(t);
    expect(await change(m.token, other.input.email)).toEqual({
      ok: false,
      error: { code: 'CONFLICT', message: ADDRESS_UNAVAILABLE, field: 'input.newEmail' },
    });
    // Taken between the request and the link: the link moves nothing.
    const wanted = `later-${m.input.email}`;
    expect((await change(m.token, wanted))?.ok).toBe(true);
    const token = await changeLinkFor(wanted);
    await registerMember(t, { email: wanted });
    expect(await confirm(token)).toEqual({ ok: false, error: { code: 'CONFLICT', message: ADDRESS_UNAVAILABLE, field: null } });
    expect((await row(m.id))?.email).toBe(m.input.email);
  });

  it('an expired link moves nothing', async () => {
    const m = await verifiedMember();
    const newEmail = `exp-${m.input.email}`;
    await change(m.token, newEmail);
    const token = await changeLinkFor(newEmail);
    t.clock.advance(60 * 60_000);
    expect((await confirm(token))?.ok).toBe(false);
    expect((await row(m.id))?.email).toBe(m.input.email);
  });
});
