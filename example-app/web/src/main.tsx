// Boot: create this tab's sdk instances, ask the server who is signed in and which brand it
// serves (one request, kept in the query cache for useUser), then render the app for that brand.
// With the network cut, an installed app starts with the brand of its last start
// (features/pwa/offlineStart.ts): the member is then unknown until the network is back.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchkitQueryOptions } from '@matchkit/react';
import type { BrandId } from '@matchkit/sdk/brands';
import { isTransportError, MeQuery } from '@matchkit/sdk/transport';
import { App } from './app/App';
import { createInstances } from './app/instances';
import { describeError } from './components/errors';
// From their files, as the shell imports them: the entry must not pull in the whole component layer.
import { Button } from './components/ui/Button';
import { ErrorState } from './components/ui/ErrorState';
import { isOffline, rememberBrand, rememberedBrand } from './features/pwa/offlineStart';
import { registerWhenStandalone } from './features/pwa/offlineWorker';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
const root = createRoot(container);
const instances = createInstances();

function render(brand: BrandId): void {
  root.render(
    <StrictMode>
      <App brand={brand} instances={instances} />
    </StrictMode>,
  );
}

async function boot(): Promise<void> {
  const remembered = rememberedBrand(window);
  if (remembered !== null && isOffline(window)) return render(remembered);
  try {
    const me = await instances.queryClient.fetchQuery(matchkitQueryOptions(instances.transport, MeQuery));
    rememberBrand(window, me.data.brand);
    render(me.data.brand);
  } catch (error) {
    if (remembered !== null && isTransportError(error) && error.kind === 'network') return render(remembered);
    root.render(
      <main className="mx-auto w-full max-w-reading px-[var(--space-gutter)] py-8">
        <h1 className="mt-0 mb-3 text-2xl font-bold sm:text-3xl">We could not start the app</h1>
        <ErrorState message={describeError(error)} action={<Button onClick={() => void boot()}>Try again</Button>} />
      </main>,
    );
  }
}

void boot();
// The offline worker, only when running as an installed app (features/pwa).
void registerWhenStandalone(window);
