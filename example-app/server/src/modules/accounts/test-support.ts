// Helpers for the accounts tests: sign-up and sign-in through the app's handler, from a chosen IP
// address, and reading the session cookie of a response.
import type { TestApp } from '../../test/app';

export const REGISTER = /* GraphQL */ `
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      ok
      error { code message field }
      token
      expiresAt
      user { uid { global } email username firstName lastName goal referAFriend { referralCode } }
    }
  }
`;

export const LOGIN = /* GraphQL */ `
  mutation Login($input: LoginInput!) {
    login(input: $input) { token expiresAt user { email username } }
  }
`;

export const ME = '{ me { email username goal } }';

/** A GraphQL result as these tests read it. */
export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly data: T | null;
  readonly errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
  readonly headers: Headers;
}

/** Sends one operation through the handler from `ip`, with a bearer token or a cookie. */
export async function gqlFrom<T = Record<string, unknown>>(
  t: TestApp,
  query: string,
  variables: Record<string, unknown> = {},
  options: { ip?: string; token?: string; cookie?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  if (options.cookie !== undefined) headers['cookie'] = options.cookie;
  const response = await t.app.handler(
    new Request(`${t.config.publicOrigin}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) }),
    {
      ip: options.ip ?? '127.0.0.1',
    },
  );
  const body = (await response.json()) as { data?: T | null; errors?: Answer['errors'] };
  return {
    status: response.status,
    data: body.data ?? null,
    ...(body.errors === undefined ? {} : { errors: body.errors }),
    headers: response.headers,
  };
}

let counter = 0;

/** Registration input for a new member (unique email and username), with `overrides`. */
export function newMember(
  overrides: Record<string, unknown> = {},
): { email: string; username: string; password: string; firstName: string; lastName: string; confirmAdult: boolean } & Record<
  string,
  unknown
> {
  counter += 1;
  const n = `${Date.now().toString(36)}${counter}`;
  return {
    email: `member${n}@example.com`,
    username: `member${n}`,
    password: 'a long enough password',
    firstName: 'Ada',
    lastName: 'Lay',
    confirmAdult: true,
    ...overrides,
  };
}

/** Registers a member and returns their input, id and token (throws when registration fails). */
export async function registerMember(t: TestApp, overrides: Record<string, unknown> = {}, ip = '127.0.0.1') {
  const input = newMember(overrides);
  const r = await gqlFrom<{ register: { ok: boolean; error: unknown; token: string; user: { uid: { global: string } } } }>(
    t,
    REGISTER,
    { input },
    { ip },
  );
  if (r.data?.register.ok !== true) throw new Error(`registration failed: ${JSON.stringify(r.data ?? r.errors)}`);
  return { input, id: r.data.register.user.uid.global, token: r.data.register.token };
}

/** The `_opjwt` Set-Cookie values of a response. */
export function sessionCookies(headers: Headers): string[] {
  return headers.getSetCookie().filter((c) => c.startsWith('_opjwt='));
}

/** The token a `_opjwt` Set-Cookie value stores ('' when it clears the cookie). */
export function cookieToken(setCookie: string): string {
  return decodeURIComponent((setCookie.split(';')[0] ?? '').slice('_opjwt='.length));
}
