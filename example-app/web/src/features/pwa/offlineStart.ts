// Starting with the network cut. The app learns its brand from the server's first answer (MeQuery);
// with no network there is no answer, so an installed app (the offline worker serves its shell and
// scripts from the cache) remembers the brand of its last start and starts with it offline: the
// pages that need no server, such as the calculator, then work. Only where the offline worker is
// in use (standalone display mode, or a page the worker controls) is anything written: a normal tab
// stores nothing (no storage before analytics consent, docs/app.md).
import { getBrand, type BrandId } from '@matchkit/sdk/brands';
import { isStandalone, type WorkerHost } from './offlineWorker';

/** Where the brand of the last start is kept (a product setting: no personal data). */
export const BRAND_KEY = 'matchkit.offline.brand';

/** What starting offline needs from the window (injectable for tests). */
export interface StartHost extends WorkerHost {
  readonly navigator: WorkerHost['navigator'] & { readonly onLine?: boolean };
  readonly localStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

/** Whether the offline worker is in use here: an installed app, or a page the worker controls. */
export function offlineCapable(host: StartHost): boolean {
  const controller = (host.navigator.serviceWorker as { readonly controller?: unknown } | undefined)?.controller;
  return isStandalone(host) || (controller !== undefined && controller !== null);
}

/** Keeps `brand` for an offline start, where the offline worker is in use; never throws. */
export function rememberBrand(host: StartHost, brand: BrandId): void {
  try {
    if (offlineCapable(host)) host.localStorage.setItem(BRAND_KEY, brand);
  } catch {
    // Storage full or refused: the next offline start shows the start error, as before.
  }
}

/** The brand of the last start, if one was kept and is a brand the sdk knows. */
export function rememberedBrand(host: StartHost): BrandId | null {
  try {
    const id = host.localStorage.getItem(BRAND_KEY);
    return id === null ? null : getBrand(id as BrandId).id;
  } catch {
    return null;
  }
}

/** Whether the browser says it has no network now. */
export function isOffline(host: StartHost): boolean {
  return host.navigator.onLine === false;
}
