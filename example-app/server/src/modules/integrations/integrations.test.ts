import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationsStore } from '@matchkit/sdk/integrations';
import { checkIntegrations, isTransportError, logoutIntegration, type TransportOptions } from '@matchkit/sdk/transport';
import { createTestApp, testDatabase, type TestApp } from '../../test/app';
import { addMember, type FixtureMember } from '../../test/fixture-members';
import { integrationsCsrfSuite } from './csrf-suite';
import { CHECK, CONNECT, LOGOUT, NAMES, connect as connectAs, sdkOptions as sdkOptionsOf, statuses } from './test-support';

describe('integrations', () => {
  let t: TestApp;
  let ann: FixtureMember;
  let ben: FixtureMember;

  const sdkOptions = (m: FixtureMember | null) => sdkOptionsOf(t, m);
  const connect = (m: FixtureMember, query: string) => connectAs(t, m, query);

  beforeAll(async () => {
    t = await createTestApp();
    ann = await addMember(t, { username: 'ann', plan: 'platinum' });
    ben = await addMember(t, { username: 'ben' });
  });
  afterAll(() => t.stop());

  it('answers the sdk\u2019s checkIntegrations: every exchange integration, disconnected until connected', async () => {
    expect(NAMES).toEqual(['matchbook', 'betdaq', 'smarkets', 'betfair']);
    expect(await checkIntegrations(sdkOptions(ann))).toEqual({ data: statuses(), error: false });
  });

  it('connects (simulated), then logs out through the sdk\u2019s logoutIntegration; the other member is untouched', async () => {
    const c = await connect(ann, 'integration=matchbook');
    expect(c.status).toBe(200);
    expect(await c.json()).toEqual({ data: statuses({ matchbook: 'connected' }), simulated: true });
    await connect(ann, 'integration=betfair&status=expired');
    await connect(ben, 'integration=smarkets');
    expect(await checkIntegrations(sdkOptions(ann))).toEqual({
      data: statuses({ matchbook: 'connected', betfair: 'expired' }),
      error: false,
    });

    const out = await logoutIntegration(sdkOptions(ann), 'matchbook');
    expect(out).toEqual({ data: statuses({ betfair: 'expired' }) });
    expect((await checkIntegrations(sdkOptions(ann))).data).toEqual(statuses({ betfair: 'expired' }));
    expect((await checkIntegrations(sdkOptions(ben))).data).toEqual(statuses({ smarkets: 'connected' }));
    // Logging out of what is not connected is no error.
    expect((await logoutIntegration(sdkOptions(ann), 'betdaq')).data).toEqual(statuses({ betfair: 'expired' }));
  });

  it('shows the same statuses on User.integrations', async () => {
    const r = await t.gql<{ me: { integrations: { integration: string; status: string }[] } }>(
      '{ me { integrations { integration status } } }',
      {},
      { token: ben.token },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data?.me.integrations).toEqual(
      NAMES.map((n) => ({ integration: n, status: n === 'smarkets' ? 'connected' : 'disconnected' })),
    );
  });

  it('accepts the _opjwt cookie alone, as a browser sends it', async () => {
    const r = await t.request(CHECK, { headers: { cookie: `_opjwt=${ben.token}` } });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ data: statuses({ smarkets: 'connected' }), error: false });
  });

  it('answers 401 { error: true } when signed out; the sdk reports it as an http error', async () => {
    for (const path of [CHECK, `${LOGOUT}?integration=matchbook`]) {
      const r = await t.request(path);
      expect(r.status).toBe(401);
      expect(await r.json()).toMatchObject({ error: true });
    }
    expect((await t.request(`${CONNECT}?integration=matchbook`, { method: 'POST' })).status).toBe(401);
    const tampered = await t.request(CHECK, { headers: { authorization: `Bearer ${ann.token.slice(0, -4)}AAAA` } });
    expect(tampered.status).toBe(401);
    const failure = await checkIntegrations(sdkOptions(null)).catch((e: unknown) => e);
    expect(isTransportError(failure) && failure.kind === 'http' && failure.status === 401).toBe(true);
  });

  it('answers 400 { error: true, message } for a missing or unknown integration, changing nothing', async () => {
    for (const query of ['', '?integration=', '?integration=betconnect', '?integration=nosuch']) {
      const r = await t.request(`${LOGOUT}${query}`, { headers: { authorization: `Bearer ${ben.token}` } });
      expect(r.status, query).toBe(400);
      const body = (await r.json()) as { error: boolean; message: string };
      expect(body.error).toBe(true);
      expect(body.message).toContain('integration');
    }
    const viaSdk = await logoutIntegration(sdkOptions(ben), 'nosuch').catch((e: unknown) => e);
    expect(isTransportError(viaSdk) && viaSdk.kind === 'http' && viaSdk.status === 400).toBe(true);
    expect((await connect(ben, 'integration=smarkets&status=disconnectedish')).status).toBe(400);
    expect((await checkIntegrations(sdkOptions(ben))).data).toEqual(statuses({ smarkets: 'connected' }));
  });

  it('drives the sdk\u2019s integrations store: a check, a logout, and a recheck on focus', async () => {
    await connect(ann, 'integration=smarkets');
    const focus = new Set<() => void>();
    const store = createIntegrationsStore({
      check: () => checkIntegrations(sdkOptions(ann)),
      logout: (name) => logoutIntegration(sdkOptions(ann), name),
      onFocus: (listener) => {
        focus.add(listener);
        return () => focus.delete(listener);
      },
      now: () => t.clock(),
    });
    const stop = store.start();
    try {
      await store.refresh();
      expect(store.getSnapshot().statuses).toEqual(statuses({ smarkets: 'connected', betfair: 'expired' }));
      await store.logout('smarkets');
      expect(store.getSnapshot().statuses).toEqual(statuses({ betfair: 'expired' }));
      // Connected elsewhere (another tab): the window regains focus and the store rechecks.
      await connect(ann, 'integration=betdaq');
      const changed = new Promise<void>((resolve) => {
        const off = store.subscribe(() => {
          if (store.getSnapshot().statuses?.['betdaq'] === 'connected') {
            off();
            resolve();
          }
        });
      });
      for (const listener of focus) listener();
      await changed;
      expect(store.getSnapshot().statuses).toEqual(statuses({ betdaq: 'connected', betfair: 'expired' }));
    } finally {
      stop();
    }
  });

  it('serves the sdk\u2019s client over a real loopback server too', async () => {
    const { origin } = await t.app.start(0, '127.0.0.1');
    const options: TransportOptions = {
      url: `${origin}/graphql`,
      getCookie: (name) => (name === '_opjwt' ? ben.token : undefined),
      retry: false,
    };
    expect(await checkIntegrations(options)).toEqual({ data: statuses({ smarkets: 'connected' }), error: false });
    expect((await logoutIntegration(options, 'smarkets')).data).toEqual(statuses());
  });
});

integrationsCsrfSuite('PGlite', testDatabase);
