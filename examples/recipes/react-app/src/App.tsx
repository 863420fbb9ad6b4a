// Sign in, sign out, the member's plan and tools, a live table of the odds feed and the calculator
// element. The member is `useUser()` (the sdk's MeQuery, cached under ['Me']); signing in or out
// invalidates it, and every view follows.
import { useState, type FormEvent } from 'react';
import type {} from '@matchkit/sdk/element'; // the element's JSX and DOM types
import type { LiveFeed } from '@matchkit/sdk/feed';
import { isTransportError, LoginMutation, LogoutMutation, MeQuery, type Member } from '@matchkit/sdk/transport';
import {
  matchkitQueryKey,
  useAvailableTools,
  useLiveFeed,
  useMatchkit,
  useMatchkitMutation,
  usePlanTier,
  useUser,
  type MatchkitQueryError,
} from '@matchkit/react';

/** A failure as a member reads it: the server's own words for a refusal, the kind otherwise. */
function describe(error: MatchkitQueryError): string {
  if (isTransportError(error) && error.kind === 'graphql') return error.graphQLErrors[0].message;
  return isTransportError(error) ? `${error.kind}: ${error.message}` : error.message;
}

export function App({ feed }: { feed: LiveFeed }) {
  const { user, status, error } = useUser();
  if (status === 'pending') return <p>Loading…</p>;
  if (error !== null) return <p role="alert">{describe(error)}</p>;
  return <main>{user ? <MemberPage user={user} feed={feed} /> : <SignIn />}</main>;
}

function SignIn() {
  const { queryClient } = useMatchkit();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  // The server answers the token and sets the session cookie (`_opjwt`) on this origin: the
  // transport reads it from there for every later request, and the socket at its next connection.
  const signIn = useMatchkitMutation(LoginMutation, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MeQuery) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ input: { login, password } });
  };
  return (
    <form onSubmit={submit} aria-labelledby="sign-in">
      <h1 id="sign-in">Sign in</h1>
      <label>
        Email or username <input value={login} onChange={(e) => setLogin(e.target.value)} autoComplete="username" required />
      </label>
      <label>
        Password{' '}
        <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
      </label>
      <button type="submit" disabled={signIn.isPending}>
        Sign in
      </button>
      {signIn.error ? <p role="alert">{describe(signIn.error)}</p> : null}
    </form>
  );
}

function MemberPage({ user, feed }: { user: Member; feed: LiveFeed }) {
  const { queryClient } = useMatchkit();
  const tier = usePlanTier(user);
  const tools = useAvailableTools(user);
  // Signing out clears the cookie on the server; every cached answer was this member's: drop them all.
  const signOut = useMatchkitMutation(LogoutMutation, { onSuccess: () => queryClient.resetQueries() });
  return (
    <>
      <h1>Hello, {user.firstName}</h1>
      <p>Your plan: {tier}</p>
      <h2>Your tools</h2>
      <ul aria-label="Your tools">
        {tools.map((tool) => (
          <li key={tool.slug}>{tool.shortTitle}</li>
        ))}
      </ul>
      {/* The feed is subscribed only while the table is on screen, so only when signed in with a plan. */}
      {tier === 'free' ? <p>Choose a plan to see live prices.</p> : <LivePrices feed={feed} />}
      <h2>Lay calculator</h2>
      <matchkit-calculator bet-type="qualifying" commission="0.02" back-stake="10" back-odds="3" lay-odds="3.2" />
      <button type="button" onClick={() => signOut.mutate()}>
        Sign out
      </button>
    </>
  );
}

function LivePrices({ feed }: { feed: LiveFeed }) {
  const { status, snapshot, error } = useLiveFeed(feed); // starts the feed while mounted
  if (snapshot === null) return <p>{status === 'error' ? `Prices unavailable: ${String(error)}` : 'Loading prices…'}</p>;
  const rows = snapshot.market.markets.slice(0, 5).map((market) => {
    const event = snapshot.market.events.find((e) => e.id === market.eventId);
    const runner = market.runners[0];
    const best = Math.max(0, ...snapshot.market.backPrices.filter((p) => p.selectionId === runner?.id).map((p) => p.odds));
    return { id: market.id, event: event?.name ?? market.eventId, runner: runner?.name ?? '', best };
  });
  return (
    <table>
      <caption>
        Live prices, update {snapshot.seq}
        {snapshot.simulated ? ' (simulated)' : ''}
      </caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Selection</th>
          <th scope="col">Best back odds</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{row.event}</td>
            <td>{row.runner}</td>
            <td>{row.best > 0 ? row.best.toFixed(2) : '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
