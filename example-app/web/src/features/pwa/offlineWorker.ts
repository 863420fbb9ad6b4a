// The offline worker (/offline-worker.js, emitted by vite-plugin-pwa: it precaches the app's
// shell). It is registered, through workbox-window, only when the app runs as an installed app
// (display-mode: standalone): a normal browser tab keeps the plain network behaviour. The one
// other case is the member turning on notifications (features/push), which needs a worker.
// workbox-window is imported only then (its own chunk), so a normal tab never downloads it.

export const OFFLINE_WORKER_URL = '/offline-worker.js';
export const STANDALONE_QUERY = '(display-mode: standalone)';

/** What registering needs from the window (injectable for tests). */
export interface WorkerHost {
  matchMedia(query: string): { readonly matches: boolean };
  readonly navigator: { readonly serviceWorker?: unknown };
}

export interface Registrar {
  register(): Promise<unknown>;
}

const workbox = (url: string): Registrar => ({
  register: async () => {
    const { Workbox } = await import('workbox-window');
    return new Workbox(url, { scope: '/' }).register();
  },
});

export function isStandalone(host: WorkerHost): boolean {
  return host.matchMedia(STANDALONE_QUERY).matches;
}

/** Registers the worker when the browser has service workers; resolves whether it did. */
export async function registerOfflineWorker(host: WorkerHost, create: (url: string) => Registrar = workbox): Promise<boolean> {
  if (host.navigator.serviceWorker === undefined) return false;
  await create(OFFLINE_WORKER_URL).register();
  return true;
}

/** At boot: registers only in standalone display mode; a failure is logged, never thrown. */
export function registerWhenStandalone(host: WorkerHost, create: (url: string) => Registrar = workbox): Promise<boolean> {
  if (!isStandalone(host)) return Promise.resolve(false);
  return registerOfflineWorker(host, create).catch((error: unknown) => {
    console.warn('the offline worker could not be registered', error);
    return false;
  });
}
