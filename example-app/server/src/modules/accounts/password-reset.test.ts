import { createHash } from 'node:crypto';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox, passwordResets } from '../../db/schema';
import { queueMail } from '../../mail/queue';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../../test/app';
import { cookieToken, gqlFrom, LOGIN, ME, registerMember, sessionCookies } from './test-support';

const REQUEST = 'mutation($email: String!) { requestPasswordReset(email: $email) { ok error { code message field } } }';
const RESET =
  'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { ok error { code message field } token user { email } } }';

type ResetAnswer = {
  resetPassword: {
    ok: boolean;
    error: { code: string; message: string; field: string | null } | null;
    token: string | null;
    user: { email: string } | null;
  };
};

/** Queues a plain-text message to x@example.com, as a change would. */
function queueText(t: TestApp, subject: string, text: string): Promise<void> {
  return queueMail(t.database.db, { to: 'x@example.com', kind: 'password-reset', userId: null, html: null, subject, text }, t.clock());
}

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  /** The reset messages sent to `to`, newest first (sign-up also mails an address confirmation, at its own pace). */
  const mailTo = (to: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, to.toLowerCase()), like(outbox.subject, 'Reset your %')))
      .orderBy(desc(outbox.id));

  /** Asks for a reset link for `email` and reads its token from the outbox (the mail goes out after the response). */
  async function resetLinkFor(email: string): Promise<string> {
    const before = (await mailTo(email)).length;
    const r = await gqlFrom<{ requestPasswordReset: unknown }>(t, REQUEST, { email });
    expect(r.data?.requestPasswordReset).toEqual({ ok: true, error: null });
    const message = await vi.waitFor(async () => {
      const list = await mailTo(email);
      if (list.length <= before) throw new Error('no mail yet');
      return list[0] as (typeof list)[number];
    });
    const m = /^http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]{43})$/m.exec(message.text);
    expect(m, message.text).not.toBeNull();
    return m?.[1] as string;
  }

  it('end to end: the link arrives by mail, only a SHA-256 of its token is stored, the reset signs in and ends every other session', async () => {
    const m = await registerMember(t);
    const token = await resetLinkFor(m.input.email.toUpperCase());
    const [mail] = await mailTo(m.input.email);
    expect(mail?.subject).toMatch(/^Reset your .+ password$/);
    expect(mail?.text).toContain('Hello Ada,');
    expect(mail?.text).toContain('within an hour');

    const stored = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, m.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.expiresAt.getTime()).toBe(t.clock() + 60 * 60_000);

    const r = await gqlFrom<ResetAnswer>(t, RESET, { input: { token, newPassword: 'a fresh password here' } });
    expect(r.data?.resetPassword).toMatchObject({ ok: true, error: null, user: { email: m.input.email } });
    const fresh = r.data?.resetPassword.token as string;
    expect(cookieToken(sessionCookies(r.headers).at(-1) as string)).toBe(fresh);
    expect((await t.gql(ME, {}, { token: fresh })).data?.me).toMatchObject({ email: m.input.email });
    expect((await t.gql(ME, {}, { token: m.token })).data).toEqual({ me: null });
    expect(
      (await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: m.input.password } })).errors?.[0]?.extensions?.['code'],
    ).toBe('UNAUTHENTICATED');
    expect((await gqlFrom(t, LOGIN, { input: { login: m.input.username, password: 'a fresh password here' } })).errors).toBeUndefined();
  });

  it('limits reset attempts per address: made-up tokens are refused, then RATE_LIMITED after 20', async () => {
    const madeUp = (i: number) => `${'x'.repeat(40)}${String(i).padStart(3, '0')}`;
    for (let i = 0; i < 20; i += 1) {
      const r = await gqlFrom<ResetAnswer>(
        t,
        RESET,
        { input: { token: madeUp(i), newPassword: 'a long new password' } },
        { ip: '10.77.0.1' },
      );
      expect(r.data?.resetPassword.error).toMatchObject({ code: 'BAD_INPUT', field: 'input.token' });
    }
    const limited = await gqlFrom<ResetAnswer>(
      t,
      RESET,
      { input: { token: madeUp(99), newPassword: 'a long new password' } },
      { ip: '10.77.0.1' },
    );
    expect(limited.data?.resetPassword.error?.code).toBe('RATE_LIMITED');
  });

  it('a reset link works once', async () => {
    const m = await registerMember(t);
    const token = await resetLinkFor(m.input.email);
    expect((await gqlFrom<ResetAnswer>(t, RESET, { input: { token, newPassword: 'first new password' } })).data?.resetPassword.ok).toBe(
      true,
    );
    const again = await gqlFrom<ResetAnswer>(t, RESET, { input: { token, newPassword: 'second new password' } });
    expect(again.data?.resetPassword).toEqual({
      ok: false,
      error: {
        code: 'BAD_INPUT',
        message: 'This reset link has expired or has been used already. Ask for a new one.',
        field: 'input.token',
      },
      token: null,
      user: null,
    });
    expect((await gqlFrom(t, LOGIN, { input: { login: m.input.email, password: 'first new password' } })).errors).toBeUndefined();
  });

  it('a reset link expires after an hour', async () => {
    const m = await registerMember(t);
    const token = await resetLinkFor(m.input.email);
    const start = t.clock();
    try {
      t.clock.advance(60 * 60_000);
      const late = await gqlFrom<ResetAnswer>(t, RESET, { input: { token, newPassword: 'too late a password' } });
      expect(late.data?.resetPassword.error).toMatchObject({ code: 'BAD_INPUT', field: 'input.token' });
    } finally {
      t.clock.set(start);
    }
    // Just inside the hour it works (a second link: the expired one is still unused, so check it was the clock).
    const token2 = await resetLinkFor(m.input.email);
    t.clock.advance(60 * 60_000 - 1000);
    try {
      expect(
        (await gqlFrom<ResetAnswer>(t, RESET, { input: { token: token2, newPassword: 'just in time pw' } })).data?.resetPassword.ok,
      ).toBe(true);
    } finally {
      t.clock.set(start);
    }
  });

  it('a newer reset, or a password change, makes the older links unusable', async () => {
    const m = await registerMember(t);
    const first = await resetLinkFor(m.input.email);
    const second = await resetLinkFor(m.input.email);
    expect(
      (await gqlFrom<ResetAnswer>(t, RESET, { input: { token: second, newPassword: 'the second link pw' } })).data?.resetPassword.ok,
    ).toBe(true);
    expect(
      (await gqlFrom<ResetAnswer>(t, RESET, { input: { token: first, newPassword: 'the first link pw!' } })).data?.resetPassword.ok,
    ).toBe(false);

    const third = await resetLinkFor(m.input.email);
    const signedIn = (
      await gqlFrom<{ login: { token: string } }>(t, LOGIN, { input: { login: m.input.email, password: 'the second link pw' } })
    ).data?.login.token as string;
    const change = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok } }';
    const changed = await gqlFrom<{ changePassword: { ok: boolean } }>(
      t,
      change,
      { input: { currentPassword: 'the second link pw', newPassword: 'changed by the member' } },
      { token: signedIn },
    );
    expect(changed.data?.changePassword.ok).toBe(true);
    expect(
      (await gqlFrom<ResetAnswer>(t, RESET, { input: { token: third, newPassword: 'the third link pw!' } })).data?.resetPassword.ok,
    ).toBe(false);
  });

  it('checks the new password and refuses a token of the wrong shape', async () => {
    const short = await gqlFrom<ResetAnswer>(t, RESET, { input: { token: 'x'.repeat(43), newPassword: 'short' } });
    expect(short.data?.resetPassword.error).toMatchObject({ code: 'BAD_INPUT', field: 'input.newPassword' });
    const odd = await gqlFrom<ResetAnswer>(t, RESET, { input: { token: 'not a token', newPassword: 'long enough password' } });
    expect(odd.data?.resetPassword.error).toMatchObject({ code: 'BAD_INPUT', field: 'input.token' });
  });

  it('answers ok for an address that is not a member’s and sends nothing; a malformed address is BAD_INPUT on email', async () => {
    const stranger = `stranger${Date.now()}@example.com`;
    const r = await gqlFrom<{ requestPasswordReset: unknown }>(t, REQUEST, { email: stranger });
    expect(r.data?.requestPasswordReset).toEqual({ ok: true, error: null });
    // A member's request made after it has arrived by then: the stranger's would have too.
    const m = await registerMember(t);
    await resetLinkFor(m.input.email);
    expect(await mailTo(stranger)).toEqual([]);
    const bad = await gqlFrom<{ requestPasswordReset: unknown }>(t, REQUEST, { email: 'no-at-sign' });
    expect(bad.data?.requestPasswordReset).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', field: 'email' } });
  });

  describe('the development outbox page', () => {
    it('lists the newest messages escaped, with links under the public origin clickable, and no script', async () => {
      await queueText(
        t,
        '<script>alert(1)</script>',
        'Visit http://localhost:3000/reset-password?token=abc&x=<b> or https://evil.example/"onmouseover="x',
      );
      const r = await t.request('/dev/outbox');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
      expect(r.headers.get('content-security-policy')).not.toContain('script-src');
      const html = await r.text();
      // Outside the escaped srcdoc of HTML parts, the page itself has no script and no inline style.
      expect(html.replace(/ srcdoc="[^"]*"/g, '')).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
      expect(html).toContain('Waiting to be sent.');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).toContain(
        '<a href="http://localhost:3000/reset-password?token=abc&amp;x=">http://localhost:3000/reset-password?token=abc&amp;x=</a>&lt;b&gt;',
      );
      expect(html).toContain('https://evil.example/&quot;onmouseover=&quot;x');
      expect(html).not.toContain('<a href="https://evil');
      expect(html.indexOf('&lt;script&gt;')).toBeLessThan(html.indexOf('Reset your'));
    });

    it('renders the HTML part in a sandboxed frame, escaped into srcdoc, beside the text part and the state', async () => {
      await queueMail(
        t.database.db,
        {
          to: 'y@example.com',
          kind: 'receipt',
          userId: null,
          subject: 'Your receipt',
          text: 'Plain part',
          html: '<p style="color:red">Paid &amp; thanks</p><script>alert(2)</script>',
        },
        t.clock(),
      );
      expect(await t.app.mailWorker.runOnce()).toBeGreaterThan(0);
      const html = await (await t.request('/dev/outbox')).text();
      expect(html).toContain(
        '<iframe title="HTML part of Your receipt" sandbox="" srcdoc="&lt;p style=&quot;color:red&quot;&gt;Paid &amp;amp; thanks&lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;"></iframe>',
      );
      expect(html).toContain('<pre>Plain part</pre>');
      expect(html).toMatch(/Sent \S+ \(1 attempt\)\./);
      // Outside the escaped srcdoc, the page itself has no script and no inline style.
      expect(html.replace(/ srcdoc="[^"]*"/g, '')).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    });

    it('shows at most 50 messages', async () => {
      for (let i = 0; i < 55; i += 1)
        await queueMail(
          t.database.db,
          { to: 'bulk@example.com', kind: 'password-reset', userId: null, html: null, subject: `bulk ${i}`, text: 'x' },
          t.clock(),
        );
      const html = await (await t.request('/dev/outbox')).text();
      expect(html.match(/<article>/g)).toHaveLength(50);
      expect(html).toContain('bulk 54');
      expect(html).not.toContain('bulk 4<');
    });

    it('is not served to another machine', async () => {
      const r = await t.app.handler(new Request('http://localhost:3000/dev/outbox'), { ip: '203.0.113.9' });
      expect(r.status).toBe(404);
    });
  });
});

describe('the outbox page in production', () => {
  it('does not exist', async () => {
    const t = await createTestApp({ env: { ...PRODUCTION_ENV } });
    try {
      await queueText(t, 'secret link', 'http://localhost:3000/reset-password?token=abc');
      const r = await t.request('/dev/outbox');
      expect(r.status).toBe(404);
      expect(await r.text()).not.toContain('secret link');
    } finally {
      await t.stop();
    }
  });
});
