// The app's instances, made once per tab, outside React: the transport, the socket client, the
// live feed and the query cache. The page and the API share one origin (a same-origin proxy, see
// docs/recipes/another-origin.md), so relative URLs work and the browser's session cookie is the token.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { MatchkitProvider } from '@matchkit/react';
import { defineMatchkitCalculator } from '@matchkit/sdk/element';
import { createLiveFeed, graphqlFeedSource } from '@matchkit/sdk/feed';
import { createGraphQLClient, createSubscriptionClient } from '@matchkit/sdk/transport';
import { App } from './App';

const transport = createGraphQLClient({ url: '/graphql' }); // resolved against the page
// A socket client's url is absolute and ws: or wss:; it connects at the first subscription only.
const subscriptions = createSubscriptionClient({ url: new URL('/graphql', window.location.href).href.replace(/^http/, 'ws') });
const feed = createLiveFeed({ source: graphqlFeedSource({ transport, subscriptions }) });
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
defineMatchkitCalculator(); // registers <matchkit-calculator>

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <MatchkitProvider brand="primary" transport={transport} queryClient={queryClient} subscriptions={subscriptions}>
      <App feed={feed} />
    </MatchkitProvider>
  </StrictMode>,
);
