// Follow the odds feed from Node: a snapshot, then patches applied in order, with a resync on a gap.
//
//   MATCHKIT_API=http://127.0.0.1:3000 MATCHKIT_LOGIN=ada MATCHKIT_PASSWORD='…' node odds-feed.js
//
// Needs `npm install @matchkit/sdk ws` and a member whose plan has a tool that reads the feed (any
// paid plan). The feed's documents and its live client are in `@matchkit/sdk/feed`, not
// `@matchkit/sdk/transport`.
import WebSocket from 'ws';
import { createGraphQLClient, createSubscriptionClient, LoginMutation } from '@matchkit/sdk/transport';
import { createLiveFeed, graphqlFeedSource, type LiveFeedState } from '@matchkit/sdk/feed';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
}

async function main(): Promise<void> {
  const httpUrl = new URL('/graphql', required('MATCHKIT_API')).href;
  const { data } = await createGraphQLClient({ url: httpUrl }).request({
    query: LoginMutation,
    variables: { input: { login: required('MATCHKIT_LOGIN'), password: required('MATCHKIT_PASSWORD') } },
  });
  const getCookie = (name: string): string | undefined => (name === '_opjwt' ? data.login.token : undefined);

  const transport = createGraphQLClient({ url: httpUrl, getCookie });
  const subscriptions = createSubscriptionClient({ url: httpUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, getCookie });
  // The live feed subscribes to the patches first, then fetches the snapshot, and applies what
  // follows it. In Node there is no animation frame: it falls back to a 16 ms timer.
  const feed = createLiveFeed({ source: graphqlFeedSource({ transport, subscriptions, filter: { sports: ['football'] } }) });

  const patches = await new Promise<number>((done, fail) => {
    let applied = 0;
    const unsubscribe = feed.subscribe(() => {
      const state: LiveFeedState = feed.getSnapshot();
      if (state.status === 'error') {
        unsubscribe();
        fail(state.error);
        return;
      }
      if (state.snapshot === null) return;
      if (state.reset) {
        const { market, seq, simulated } = state.snapshot;
        console.log(
          `snapshot ${seq}${simulated ? ' (simulated prices)' : ''}: ${market.events.length} events, ${market.markets.length} markets`,
        );
      }
      applied += state.applied.length;
      if (applied >= 3) {
        unsubscribe();
        done(applied);
      }
    });
    feed.start();
  });

  const { snapshot } = feed.getSnapshot();
  const market = snapshot?.market.markets[0];
  const runner = market?.runners[0];
  if (snapshot !== null && market !== undefined && runner !== undefined) {
    const best = snapshot.market.backPrices
      .filter((p) => p.selectionId === runner.id)
      .reduce<number | null>((top, p) => (top === null || p.odds > top ? p.odds : top), null);
    console.log(
      `${patches} patches applied, now at seq ${snapshot.seq}; best back odds for ${runner.name} in ${market.name}: ${best ?? 'none'}`,
    );
  }
  feed.stop();
  await subscriptions.dispose();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
