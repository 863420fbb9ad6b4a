// The documentation's blocks that talk to the platform, run against the real example server: the
// ```ts platform blocks (TSDoc @examples and guides that send GraphQL to
// https://api.example.com/graphql) and the ```ts network blocks (its REST endpoints, its WebSocket
// at wss://api.example.com/graphql, its auth service at /auth/graphql). The server is the primary
// brand's of this run (global-setup.ts, embedded PGlite, migrated and seeded). What the examples
// need is set up here, on the server, through its public API, never by faking an answer:
// - a member, ada, signed in with the brand's plan that grants the most, so an example that needs
//   a plan (the feed, the tracker and its REST totals, the referrals) has one, and three open bets
//   in the tracker (SettleBet's, VoidBet's and DeleteBet's examples each take one);
// - her `matchbook` integration connected (the test-mode connect route), so the REST examples'
//   check and logout have something to report and to disconnect;
// - the auth service key: the harness starts every server with E2E_AUTH_SERVICE_API_KEY, given to
//   the examples as process.env.AUTH_SERVICE_API_KEY (a rendering server's configuration).
// The runner (scripts/run-examples.mjs) sends each block's requests and sockets to the server's
// loopback origin with the token of a session of its own, as a page of that origin signed in as
// ada would; `npm run check:examples` typechecks these blocks and runs every other one.
// The ```ts browser blocks (push, analytics: what needs a service worker container or the
// Notification API) run in Chromium, each in a new context signed in as ada, in a blank page of
// the server's origin (EXAMPLE_PAGE, served here as a developer's own page would be, with their
// worker at /sw.js): the runner bundles each, and the page imports it as a module.
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { getBrand } from '@matchkit/sdk';
import { grantedCapabilities } from '@matchkit/sdk/entitlements';
import { LoginMutation, RecordBetMutation } from '@matchkit/sdk/transport';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { docBlocks, tsdocBlocks } from '../../scripts/example-blocks.mjs';
import { CHECK_NAME, runExamples, type ExampleBlock } from '../../scripts/run-examples.mjs';
import { E2E_AUTH_SERVICE_API_KEY, graphql, launchChromium, subscribeMember, type TestMember } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));
const brand = 'primary';

/** The member the examples sign in as (LoginMutation's and the transport guide's example). */
const ADA = { login: 'ada', password: 'correct horse battery staple' };
/** An open bet of two legs, as RecordBetMutation's example records: SettleBet's, VoidBet's and DeleteBet's examples each take one. */
const OPEN_BET = {
  source: 'oddsmatcher',
  profitType: 'guaranteed',
  event: 'Arsenal v Spurs',
  market: 'Match Odds',
  selection: 'Arsenal',
  legs: [
    { role: 'qualifying', side: 'back', account: 'bet-co', odds: 2.1, stake: 1000, result: 'pending' },
    { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 2.12, stake: 1000, commission: 0.02, result: 'pending' },
  ],
  expectedProfit: -40,
  placedAt: '2025-08-12T18:00:00Z',
};

/** The page a ```ts browser block runs in, and its service worker (a developer's own files, served by the test). */
const EXAMPLE_PAGE = '/__doc-example.html';
const EXAMPLE_WORKER = '/sw.js';
const EXAMPLE_MODULE = '/__doc-example.mjs';

describe('the documentation examples that talk to the platform', () => {
  let origin: string;
  let browser: Browser | undefined;
  /** Runs a bundled ```ts browser block in a new signed-in context; the values its checks recorded. */
  const inBrowser = async (script: string): Promise<[number, unknown][]> => {
    browser ??= await launchChromium();
    const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
    try {
      await context.addCookies([{ name: '_opjwt', value: await signIn(), url: origin }]);
      await context.route(`${origin}${EXAMPLE_PAGE}`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en-GB"><title>Example</title><body></body></html>' }),
      );
      await context.route(`${origin}${EXAMPLE_WORKER}`, (route) =>
        route.fulfill({ contentType: 'text/javascript', body: "self.addEventListener('push', () => {});" }),
      );
      await context.route(`${origin}${EXAMPLE_MODULE}`, (route) => route.fulfill({ contentType: 'text/javascript', body: script }));
      const page = await context.newPage();
      await page.goto(`${origin}${EXAMPLE_PAGE}`);
      // A string, not a function: vitest would rewrite a function's import() into its own loader.
      const run = `(async () => {
        const calls = [];
        globalThis[${JSON.stringify(CHECK_NAME)}] = (value, n) => (calls.push([n, value]), value);
        await import(${JSON.stringify(`${origin}${EXAMPLE_MODULE}`)});
        return calls;
      })()`;
      return await page.evaluate<[number, unknown][]>(run);
    } finally {
      await context.close();
    }
  };
  afterAll(async () => {
    await browser?.close();
  });
  /** A signed-in session for each block: LogoutMutation's example ends the one it runs in. */
  let signIn: () => Promise<string>;
  beforeAll(async () => {
    origin = inject('e2eServers')[brand];
    const registered = await graphql<{ register: { ok: boolean; token: string | null; error: unknown } }>(
      origin,
      'mutation Register($input: RegisterInput!) { register(input: $input) { ok token error { code message field } } }',
      {
        input: {
          email: 'ada@example.test',
          username: ADA.login,
          password: ADA.password,
          firstName: 'Ada',
          lastName: 'Lovelace',
          confirmAdult: true,
        },
      },
    );
    const token = registered.data.register.token;
    if (token === null) throw new Error(`registering ada failed: ${JSON.stringify(registered.data.register.error)}`);
    const member: TestMember = { email: 'ada@example.test', username: ADA.login, password: ADA.password, token, referralCode: '' };
    // The brand's plan that grants the most: the feed snapshot, the tracker and the referrals all need one.
    const richest = getBrand(brand).plans.reduce((a, b) =>
      grantedCapabilities(brand, b).length > grantedCapabilities(brand, a).length ? b : a,
    );
    await subscribeMember(origin, member, richest.name);
    for (let i = 0; i < 3; i += 1) await graphql(origin, RecordBetMutation.toString(), { input: OPEN_BET }, token);
    const connected = await fetch(`${origin}/api/user/integrations/external/simulated/connect?integration=matchbook`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    if (!connected.ok) throw new Error(`connecting ada's matchbook failed: ${connected.status} ${await connected.text()}`);
    // A login hashes the password (seconds on a loaded machine): a new one only once a block has
    // ended the session (LogoutMutation's example), found by `me` answering null for the token.
    let session = token;
    signIn = async () => {
      const { data: who } = await graphql<{ me: { email: string } | null }>(origin, 'query { me { email } }', {}, session);
      if (who.me === null) {
        const { data } = await graphql<{ login: { token: string | null; error: unknown } }>(origin, LoginMutation.toString(), {
          input: ADA,
        });
        // A refused sign-in (the rate limit, say) would run the next block signed out: say so instead.
        if (data.login.token === null) throw new Error(`signing ada in again failed: ${JSON.stringify(data.login.error)}`);
        session = data.login.token;
      }
      return session;
    };
  });

  it('runs every ```ts platform, ```ts network and ```ts browser block against the example server, stated results checked', async () => {
    const blocks: ExampleBlock[] = [...tsdocBlocks(root).snippets, ...docBlocks(root).guideBlocks].filter((b) =>
      ['platform', 'network', 'browser'].includes(b.info.trim()),
    );
    // 36 platform and 15 network blocks when this was written: a collector that lost them would pass with none.
    expect(blocks.length).toBeGreaterThanOrEqual(45);
    const run = await runExamples(root, 'platform-run', blocks, {
      platform: { origin, signIn, authServiceApiKey: E2E_AUTH_SERVICE_API_KEY },
      browser: inBrowser,
    });
    expect(run.errors).toEqual([]);
    expect(run.ran).toBe(blocks.length);
  }, 420_000);

  it('fails a block that reads a field the schema lacks or gives a variable of the wrong type', async () => {
    const block = (code: string, line: number): ExampleBlock => ({ code, ext: 'ts', file: 'docs/x.md', line, info: ' platform' });
    const head =
      "import { createGraphQLClient, OffersQuery, PlansQuery } from '@matchkit/sdk/transport';\nconst client = createGraphQLClient({ url: 'https://api.example.com/graphql' });\n";
    const run = await runExamples(
      root,
      'platform-run-probe',
      [
        block(`${head}const { data } = await client.request({ query: PlansQuery });\ndata.plans.length > 0; // true`, 10),
        block(`${head}await client.request({ query: 'query { plans { nmae } }' });`, 20),
        block(`${head}await client.request({ query: OffersQuery, variables: { first: 'ten' as unknown as number } });`, 30),
      ],
      { platform: { origin, signIn, authServiceApiKey: E2E_AUTH_SERVICE_API_KEY } },
    );
    expect(run.errors).toEqual([
      expect.stringMatching(/^docs\/x\.md:20: throws when run: .*nmae/),
      expect.stringMatching(/^docs\/x\.md:30: throws when run: .*\$first/),
    ]);
    expect(run).toMatchObject({ ran: 3, checked: 1 });
  }, 60_000);

  it('runs a network block as the signed-in member, checks what it states and fails one that leaves a socket open', async () => {
    const block = (code: string, line: number): ExampleBlock => ({ code, ext: 'ts', file: 'docs/y.md', line, info: ' network' });
    const live =
      "import WebSocket from 'ws';\nimport { createSubscriptionClient, OddsUpdatedSubscription } from '@matchkit/sdk/transport';\n" +
      "const live = createSubscriptionClient({ url: 'wss://api.example.com/graphql', webSocketImpl: WebSocket });\n" +
      '(globalThis as Record<string, unknown>).leftOpen = live;\n' +
      'await new Promise((resolve, reject) => { live.subscribe({ query: OddsUpdatedSubscription, variables: {} }, ' +
      "{ next: (r) => (r.data ? resolve(r) : reject(new Error(JSON.stringify(r)))), error: reject, complete: () => reject(new Error('completed')) }); });\n";
    const run = await runExamples(
      root,
      'network-run-probe',
      [
        // The REST check answers the member's integrations: ada's matchbook, connected above (a logout example may have run since).
        block(
          "import { checkIntegrations } from '@matchkit/sdk/transport';\nconst { data } = await checkIntegrations({ url: 'https://api.example.com/graphql' });\n'matchbook' in data; // false",
          10,
        ),
        // The auth service, with the key from the environment: a made-up token proves no session.
        block(
          "import { createAuthServiceClient } from '@matchkit/sdk/transport';\nconst auth = createAuthServiceClient({ url: 'https://api.example.com/auth/graphql', apiKey: process.env.AUTH_SERVICE_API_KEY ?? '' });\n" +
            "const { data } = await auth.request<{ session: unknown }>({ query: 'query S($t: String!) { session(token: $t) { expiresAt } }', variables: { t: 'x' } });\ndata.session; // null",
          20,
        ),
        block("await fetch('https://elsewhere.example/');", 30),
        // The socket is the member's: an update arrives; the block never disposes its client (last:
        // the client connects again once its socket is cut, until afterAll disposes it).
        block(`${live}console.info('got one');`, 40),
      ],
      { platform: { origin, signIn, authServiceApiKey: E2E_AUTH_SERVICE_API_KEY } },
    );
    expect(run.errors).toEqual([
      expect.stringMatching(/^docs\/y\.md:12: states false, the code gives true$/),
      expect.stringMatching(
        /^docs\/y\.md:30: throws when run: fetch https:\/\/elsewhere\.example\/: a platform example may only reach https:\/\/api\.example\.com/,
      ),
      expect.stringMatching(
        /^docs\/y\.md:40: leaves 1 WebSocket\(s\) open: stop what it starts \(dispose the client, stop the feed\)\n {2}it printed:\n {4}got one$/,
      ),
    ]);
    expect(run).toMatchObject({ ran: 4, checked: 2 });
  }, 60_000);
  afterAll(async () => {
    // The client the socket block left, which would otherwise connect again after the runner cut its socket.
    await (Reflect.get(globalThis, 'leftOpen') as { dispose(): Promise<void> } | undefined)?.dispose();
  });
});
