import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { outbox } from '../../db/schema';
import { createLogger } from '../../logger';
import { buildTestApp, testClock } from '../../test/app';

describe('the logs of sign-up, sign-in, password change and reset', () => {
  const lines: string[] = [];
  let app: App;
  const clock = testClock();

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(
          ...chunk
            .toString('utf8')
            .split('\n')
            .filter((l) => l !== ''),
        );
        done();
      },
    });
    app = await buildTestApp({ clock, logger: createLogger('trace', sink) });
  });
  afterAll(() => app.stop());

  async function gql(query: string, variables: Record<string, unknown>, token?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    const r = await app.handler(
      new Request('http://localhost:3000/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) }),
    );
    return { body: (await r.json()) as { data: Record<string, Record<string, unknown>> | null }, cookies: r.headers.getSetCookie() };
  }

  it('never contain a password or a token, at the most verbose level', async () => {
    const secrets: string[] = [];
    const password = 'first-secret-Passw0rd';
    const input = {
      email: 'logs@example.com',
      username: 'logs_member',
      password,
      firstName: 'Log',
      lastName: 'Watcher',
      confirmAdult: true,
    };
    secrets.push(password);

    const reg = await gql('mutation($input: RegisterInput!) { register(input: $input) { ok token } }', { input });
    const token = reg.body.data?.['register']?.['token'] as string;
    expect(token).toMatch(/^ey/);
    secrets.push(token);

    await gql('mutation($input: LoginInput!) { login(input: $input) { token } }', {
      input: { login: 'logs_member', password: 'wrong-secret-guess-1' },
    });
    secrets.push('wrong-secret-guess-1');
    const login = await gql('mutation($input: LoginInput!) { login(input: $input) { token } }', {
      input: { login: 'logs@example.com', password },
    });
    secrets.push(login.body.data?.['login']?.['token'] as string);

    const changed = await gql(
      'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok token } }',
      { input: { currentPassword: password, newPassword: 'second-secret-Passw0rd' } },
      token,
    );
    secrets.push('second-secret-Passw0rd', changed.body.data?.['changePassword']?.['token'] as string);

    await gql('mutation($email: String!) { requestPasswordReset(email: $email) { ok } }', { email: 'logs@example.com' });
    /** The token of the link to `page` in the outbox (mail goes out after the response). */
    const linkToken = (page: string) =>
      vi.waitFor(async () => {
        const mails = await app.deps.db.select().from(outbox);
        const m = mails.map((mail) => new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)).find((found) => found !== null);
        if (m === undefined || m === null) throw new Error('no mail yet');
        return m[1] as string;
      });
    secrets.push(await linkToken('verify-email'));
    const resetToken = await linkToken('reset-password');
    secrets.push(resetToken);
    const reset = await gql('mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { ok token } }', {
      input: { token: resetToken, newPassword: 'third-secret-Passw0rd' },
    });
    expect(reset.body.data?.['resetPassword']?.['ok']).toBe(true);
    secrets.push('third-secret-Passw0rd', reset.body.data?.['resetPassword']?.['token'] as string);

    // The token's signature alone must not appear either.
    for (const s of [...secrets]) if (s.split('.').length === 3) secrets.push(s.split('.')[2] as string);

    const text = lines.join('\n');
    expect(lines.some((l) => l.includes('member registered'))).toBe(true);
    expect(lines.some((l) => l.includes('sign-in failed'))).toBe(true);
    expect(lines.some((l) => l.includes('password reset; every session ended'))).toBe(true);
    for (const s of secrets) expect(text.includes(s), `a log line contains ${s.slice(0, 6)}…`).toBe(false);
  });
});
