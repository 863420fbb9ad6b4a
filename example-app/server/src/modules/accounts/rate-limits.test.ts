import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { gqlFrom, LOGIN, newMember, REGISTER, registerMember } from './test-support';

type LoginAnswer = { login: { token: string } };

describe('rate limits on sign-in, sign-up and reset (per IP address and per account)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const login = (name: string, password: string, ip: string) =>
    gqlFrom<LoginAnswer>(t, LOGIN, { input: { login: name, password } }, { ip });
  const codeOf = (r: { errors?: readonly { extensions?: Record<string, unknown> }[] }) => r.errors?.[0]?.extensions?.['code'] ?? 'OK';

  it('locks an account after 5 failures, from any addresses, whatever the next password (RATE_LIMITED with retryAfter)', async () => {
    const m = await registerMember(t);
    for (let i = 1; i <= 5; i += 1) expect(codeOf(await login(m.input.email, 'wrong password', `10.1.0.${i}`))).toBe('UNAUTHENTICATED');
    const limited = await login(m.input.email, m.input.password, '10.1.0.6');
    expect(limited.data).toBeNull();
    expect(limited.errors?.[0]?.message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    const retryAfter = limited.errors?.[0]?.extensions?.['retryAfter'] as number;
    expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 15 * 60).toBe(true);
    // The same account by its username is the same account.
    expect(codeOf(await login(m.input.username, m.input.password, '10.1.0.7'))).toBe('RATE_LIMITED');
    // Another account is not affected.
    const other = await registerMember(t);
    expect(codeOf(await login(other.input.email, other.input.password, '10.1.0.8'))).toBe('OK');
  });

  it('parallel guesses cannot slip past the limit: of 40 at once, 5 are checked and 35 refused', async () => {
    const m = await registerMember(t);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(m.input.email, `wrong password ${i}`, `10.9.${Math.floor(i / 10)}.${i % 10}`)),
    );
    const codes = answers.map(codeOf);
    expect(codes.filter((c) => c === 'UNAUTHENTICATED')).toHaveLength(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(35);
  });

  it('a successful sign-in clears the account’s failures', async () => {
    const m = await registerMember(t);
    for (let i = 1; i <= 4; i += 1) expect(codeOf(await login(m.input.email, 'wrong password', '10.2.0.1'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await login(m.input.email, m.input.password, '10.2.0.1'))).toBe('OK');
    for (let i = 1; i <= 5; i += 1) expect(codeOf(await login(m.input.email, 'wrong password', '10.2.0.1'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await login(m.input.email, m.input.password, '10.2.0.1'))).toBe('RATE_LIMITED');
  });

  it('locks an IP address after 20 failures across any accounts; other addresses still sign in', async () => {
    const m = await registerMember(t);
    for (let i = 1; i <= 20; i += 1)
      expect(codeOf(await login(`nobody${i}@example.com`, 'wrong password', '192.0.2.7'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await login(m.input.email, m.input.password, '192.0.2.7'))).toBe('RATE_LIMITED');
    expect(codeOf(await login(m.input.email, m.input.password, '192.0.2.8'))).toBe('OK');
  });

  it('counts wrong current passwords of changePassword toward the account’s limit', async () => {
    const m = await registerMember(t);
    const change = 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { ok error { code } } }';
    const attempt = () =>
      gqlFrom<{ changePassword: { error: { code: string } | null } }>(
        t,
        change,
        { input: { currentPassword: 'a wrong guess', newPassword: 'a new password!' } },
        { token: m.token },
      );
    for (let i = 1; i <= 5; i += 1) expect((await attempt()).data?.changePassword.error?.code).toBe('BAD_INPUT');
    expect((await attempt()).data?.changePassword.error?.code).toBe('RATE_LIMITED');
    expect(codeOf(await login(m.input.email, m.input.password, '10.3.0.1'))).toBe('RATE_LIMITED');
  });

  it('limits sign-ups per email address or username (5 per 15 minutes) and per IP address (50 per hour)', async () => {
    const taken = await registerMember(t, {}, '10.4.0.1');
    const again = () =>
      gqlFrom<{ register: { error: { code: string } | null } }>(
        t,
        REGISTER,
        { input: newMember({ email: taken.input.email }) },
        { ip: '10.4.0.2' },
      );
    // The first sign-up counted once for its email address; four more attempts reach 5.
    for (let i = 1; i <= 4; i += 1) expect((await again()).data?.register.error?.code).toBe('CONFLICT');
    expect((await again()).data?.register.error?.code).toBe('RATE_LIMITED');

    const bad = () =>
      gqlFrom<{ register: { error: { code: string } | null } }>(
        t,
        REGISTER,
        { input: newMember({ email: 'not an address' }) },
        { ip: '10.4.0.3' },
      );
    for (let i = 1; i <= 50; i += 1) expect((await bad()).data?.register.error?.code).toBe('BAD_INPUT');
    const last = await gqlFrom<{ register: { ok: boolean; error: { code: string; message: string } | null } }>(
      t,
      REGISTER,
      { input: newMember() },
      { ip: '10.4.0.3' },
    );
    expect(last.data?.register.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many sign-ups from your network. Try again in 60 minutes.',
      field: null,
    });
  });

  it('limits reset requests per address (5 per hour) and per IP address (20 per hour), for members and strangers alike', async () => {
    const request = (email: string, ip: string) =>
      gqlFrom<{ requestPasswordReset: { ok: boolean; error: { code: string } | null } }>(
        t,
        'mutation($email: String!) { requestPasswordReset(email: $email) { ok error { code } } }',
        { email },
        { ip },
      );
    for (let i = 1; i <= 5; i += 1) expect((await request('someone@example.com', `10.5.0.${i}`)).data?.requestPasswordReset.ok).toBe(true);
    expect((await request('someone@example.com', '10.5.0.9')).data?.requestPasswordReset.error?.code).toBe('RATE_LIMITED');
    for (let i = 1; i <= 20; i += 1) expect((await request(`person${i}@example.com`, '10.5.1.1')).data?.requestPasswordReset.ok).toBe(true);
    expect((await request('person21@example.com', '10.5.1.1')).data?.requestPasswordReset.error?.code).toBe('RATE_LIMITED');
    expect((await request('person21@example.com', '10.5.1.2')).data?.requestPasswordReset.ok).toBe(true);
  });
});
