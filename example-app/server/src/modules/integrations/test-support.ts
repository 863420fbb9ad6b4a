// Test support (not a test file) for the integrations tests: the REST paths, the status map and
// the sdk's transport options sending through the app's handler.
import { exchanges } from '@matchkit/sdk/exchanges';
import type { TransportOptions } from '@matchkit/sdk/transport';
import type { TestApp } from '../../test/app';
import type { FixtureMember } from '../../test/fixture-members';

export const CHECK = '/api/user/integrations/external/check';
export const LOGOUT = '/api/user/integrations/external/logout';
export const CONNECT = '/api/user/integrations/external/simulated/connect';
export const NAMES = exchanges.filter((e) => e.hasIntegration).map((e) => e.name);

/** The status map with every integration disconnected except those given. */
export const statuses = (over: Record<string, string> = {}) => ({
  ...Object.fromEntries(NAMES.map((n) => [n, 'disconnected'])),
  ...over,
});

/** The sdk's transport options, sending through `t`'s handler (no port), signed in as `m` by the _opjwt cookie the client reads. */
export const sdkOptions = (t: TestApp, m: FixtureMember | null): TransportOptions => ({
  url: 'http://localhost:3000/graphql',
  fetch: (url, init) => t.app.handler(new Request(url, init)),
  getCookie: (name) => (name === '_opjwt' && m !== null ? m.token : undefined),
  retry: false,
});

/** Connects `m` (simulated) with the bearer token, `query` naming the integration and status. */
export const connect = (t: TestApp, m: FixtureMember, query: string) =>
  t.request(`${CONNECT}?${query}`, { method: 'POST', headers: { authorization: `Bearer ${m.token}` } });
