// What a subscription the member's plan does not allow looks like: FORBIDDEN arrives as an event.
//
//   MATCHKIT_API=http://127.0.0.1:3000 MATCHKIT_LOGIN=ada MATCHKIT_PASSWORD='…' node forbidden.js
//
// A member with no tool that reads the odds feed (no plan, or a lapsed one) subscribes to it. The
// refusal is an error of the subscription's execution, so the server sends it as a result: the
// sink's `next` receives `errors` with `extensions.code` 'FORBIDDEN' and no `data`, then `complete`
// is called. `error` is not called: it is for a document the server rejects before running it
// (kind `graphql`) and for a connection closed for good (kind `network`). The same happens to a
// stream that was running when the member lost access (a refund, a lapse): it ends this way.
import WebSocket from 'ws';
import { createGraphQLClient, createSubscriptionClient, LoginMutation } from '@matchkit/sdk/transport';
import { OddsPatchesSubscription } from '@matchkit/sdk/feed';

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
  const live = createSubscriptionClient({ url: httpUrl.replace(/^http/, 'ws'), webSocketImpl: WebSocket, getCookie });

  const outcome = await new Promise<string>((done) => {
    let refused = false;
    const stop = live.subscribe(
      { query: OddsPatchesSubscription, variables: {} },
      {
        next: ({ data: patch, errors }) => {
          if (patch) {
            console.log(`patch ${patch.oddsPatches.seq}: this plan reads the feed`);
            stop(); // this recipe only wanted to know
            done('stopped');
            return;
          }
          const codes = (errors ?? []).map((e) => e.extensions?.['code']);
          refused = codes.includes('FORBIDDEN');
          console.log(`next: no data, errors ${JSON.stringify(codes)}`);
        },
        // After the FORBIDDEN event: the stream is over. Show an upgrade prompt, do not retry.
        complete: () => done(refused ? 'complete after FORBIDDEN: offer a plan with feed access' : 'complete'),
        error: (e) => done(`error (${e.kind}): refused before running, or disconnected for good`),
      },
    );
  });
  console.log(outcome);
  await live.dispose();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
