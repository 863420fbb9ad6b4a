// Boot: create this tab's sdk instances, ask the server who is signed in and which brand it
// serves (one request, kept in the query cache for useUser), then render the app for that brand.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchkitQueryOptions } from '@matchkit/react';
import { MeQuery } from '@matchkit/sdk/transport';
import { App } from './app/App';
import { createInstances } from './app/instances';
import { describeError } from './components/errors';
import { registerWhenStandalone } from './features/pwa/offlineWorker';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
const root = createRoot(container);
const instances = createInstances();

async function boot(): Promise<void> {
  try {
    const me = await instances.queryClient.fetchQuery(matchkitQueryOptions(instances.transport, MeQuery));
    root.render(
      <StrictMode>
        <App brand={me.data.brand} instances={instances} />
      </StrictMode>,
    );
  } catch (error) {
    root.render(
      <main className="boot-error">
        <h1>We could not start the app</h1>
        <p role="alert">{describeError(error)}</p>
        <button type="button" onClick={() => void boot()}>
          Try again
        </button>
      </main>,
    );
  }
}

void boot();
// The offline worker, only when running as an installed app (features/pwa).
void registerWhenStandalone(window);
