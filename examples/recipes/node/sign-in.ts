// Sign in from Node and read `me`, over HTTP and over the socket.
//
//   MATCHKIT_API=http://127.0.0.1:3000 MATCHKIT_LOGIN=ada MATCHKIT_PASSWORD='…' node sign-in.js
//
// Needs `npm install @matchkit/sdk ws` (Node 20 has no WebSocket of its own; Node 22 does, and
// then `webSocketImpl` can be left out).
import WebSocket from 'ws';
import { createGraphQLClient, createSubscriptionClient, isTransportError, LoginMutation, MeQuery } from '@matchkit/sdk/transport';
import { OddsPatchesSubscription } from '@matchkit/sdk/feed';

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is required`);
  return value;
}

async function main(): Promise<void> {
  const api = new URL(required('MATCHKIT_API')); // the platform's origin: https in production
  const httpUrl = new URL('/graphql', api).href;
  const socketUrl = httpUrl.replace(/^http/, 'ws'); // http -> ws, https -> wss

  // 1. Sign in: the `login` mutation answers the member and their token (a JWT).
  const visitor = createGraphQLClient({ url: httpUrl });
  const { data } = await visitor.request({
    query: LoginMutation,
    variables: { input: { login: required('MATCHKIT_LOGIN'), password: required('MATCHKIT_PASSWORD') } },
  });
  const token = data.login.token;
  console.log(`signed in until ${data.login.expiresAt}`);

  // 2. The clients read the token as a browser's would read the `_opjwt` cookie: give them a
  //    `getCookie` that answers it. The HTTP client sends `Authorization: Bearer <token>`, the
  //    socket client puts it in `connectionParams.authorization` at every (re)connection.
  const getCookie = (name: string): string | undefined => (name === '_opjwt' ? token : undefined);
  const member = createGraphQLClient({ url: httpUrl, getCookie });
  const me = await member.request({ query: MeQuery });
  if (me.data.me === null) throw new Error('the platform does not know this token');
  console.log(`me: ${me.data.me.email} on ${me.data.brand}, codes ${me.data.me.capabilities.join(' ')}`);

  // 3. The same token over the socket: one event of the odds feed, then stop.
  const live = createSubscriptionClient({ url: socketUrl, webSocketImpl: WebSocket, getCookie });
  await new Promise<void>((done, fail) => {
    const stop = live.subscribe(
      { query: OddsPatchesSubscription, variables: {} },
      {
        next: ({ data: patch, errors }) => {
          if (patch) console.log(`socket: patch ${patch.oddsPatches.seq} received`);
          else console.log(`socket: ${errors?.[0]?.extensions?.['code'] ?? 'error'}: ${errors?.[0]?.message ?? ''}`);
          stop();
          done();
        },
        error: fail,
        complete: () => done(),
      },
    );
  });
  await live.dispose();
}

main().catch((error: unknown) => {
  // A TransportError says what failed by `kind`: a wrong password is `graphql` (UNAUTHENTICATED).
  console.error(isTransportError(error) ? `${error.kind}: ${error.message}` : error);
  process.exitCode = 1;
});
