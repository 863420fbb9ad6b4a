import { describe, expect, it, vi } from 'vitest';
import { isValidationError } from '../errors';
import { detectStandalone, OFFLINE_WORKER_URL, registerOfflineWorker, type ServiceWorkerContainerLike } from '../offline';

/** A service worker container that records registrations (and can refuse them, as a 404 script does). */
function container(fail?: Error) {
  const registered: { url: string; options: unknown }[] = [];
  const sw: ServiceWorkerContainerLike = {
    register: async (url, options) => {
      registered.push({ url, options });
      if (fail !== undefined) throw fail;
      return { scope: 'https://app.example/', active: null };
    },
  };
  return { sw, registered };
}

/** matchMedia that answers only the queries listed as matching. */
const media =
  (...matching: string[]) =>
  (query: string) => ({ matches: matching.includes(query) });

describe('registerOfflineWorker', () => {
  it('registers /offline-worker.js in standalone display mode', async () => {
    const { sw, registered } = container();
    const result = await registerOfflineWorker({ serviceWorker: sw, matchMedia: media('(display-mode: standalone)'), standalone: null });
    expect(OFFLINE_WORKER_URL).toBe('/offline-worker.js');
    expect(result).toEqual({
      status: 'registered',
      registration: { scope: 'https://app.example/', active: null },
      detectedBy: 'display-mode',
    });
    expect(registered).toEqual([{ url: '/offline-worker.js', options: undefined }]);
  });

  it('registers on iOS when launched from the home screen (navigator.standalone)', async () => {
    const { sw, registered } = container();
    const result = await registerOfflineWorker({ serviceWorker: sw, matchMedia: media(), standalone: true, scope: '/' });
    expect(result).toMatchObject({ status: 'registered', detectedBy: 'ios-standalone' });
    expect(registered).toEqual([{ url: '/offline-worker.js', options: { scope: '/' } }]);
  });

  it('skips a browser tab, and other display modes, without registering anything', async () => {
    const { sw, registered } = container();
    expect(await registerOfflineWorker({ serviceWorker: sw, matchMedia: media(), standalone: false })).toEqual({
      status: 'skipped-not-standalone',
    });
    expect(
      await registerOfflineWorker({ serviceWorker: sw, matchMedia: media('(display-mode: fullscreen)', '(display-mode: browser)') }),
    ).toEqual({
      status: 'skipped-not-standalone',
    });
    expect(registered).toEqual([]);
  });

  it('reports unsupported when standalone but without service workers', async () => {
    expect(await registerOfflineWorker({ serviceWorker: null, matchMedia: media('(display-mode: standalone)') })).toEqual({
      status: 'unsupported',
    });
  });

  it('reports a failed registration instead of rejecting', async () => {
    const error = new TypeError('Failed to register a ServiceWorker: A bad HTTP response code (404) was received');
    const { sw } = container(error);
    expect(
      await registerOfflineWorker({ serviceWorker: sw, matchMedia: media('(display-mode: standalone)'), url: '/other-worker.js' }),
    ).toEqual({
      status: 'failed',
      error,
    });
  });

  it('on a server (no window, no navigator) skips without touching anything', async () => {
    expect(await registerOfflineWorker()).toEqual({ status: 'skipped-not-standalone' });
    expect(detectStandalone()).toBeNull();
  });

  it('uses the browser globals when called, not at import', async () => {
    const touched: string[] = [];
    const { sw, registered } = container();
    const saved = ['navigator', 'matchMedia'].map((n) => Object.getOwnPropertyDescriptor(globalThis, n));
    Object.defineProperty(globalThis, 'navigator', { configurable: true, get: () => (touched.push('navigator'), { serviceWorker: sw }) });
    Object.defineProperty(globalThis, 'matchMedia', {
      configurable: true,
      get: () => (touched.push('matchMedia'), media('(display-mode: standalone)')),
    });
    try {
      vi.resetModules();
      const fresh = await import('./index');
      expect(touched).toEqual([]);
      expect(await fresh.registerOfflineWorker()).toMatchObject({ status: 'registered', detectedBy: 'display-mode' });
      expect(registered).toHaveLength(1);
    } finally {
      ['navigator', 'matchMedia'].forEach((n, i) => {
        const d = saved[i];
        if (d === undefined) Reflect.deleteProperty(globalThis, n);
        else Object.defineProperty(globalThis, n, d);
      });
    }
  });

  it('rejects bad options (a programmer error) with a validation error naming every field, before touching anything', async () => {
    const error = await registerOfflineWorker({
      url: '',
      serviceWorker: {} as never,
      matchMedia: 'standalone' as never,
      standalone: 'yes' as never,
      scope: 1 as never,
    }).catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    if (isValidationError(error))
      expect(error.issues.map((i) => i.path)).toEqual(['url', 'serviceWorker', 'matchMedia', 'standalone', 'scope']);
    const { sw, registered } = container();
    const touched: string[] = [];
    const watched = (query: string) => (touched.push(query), { matches: true });
    await expect(registerOfflineWorker({ serviceWorker: sw, matchMedia: watched, url: ' ' })).rejects.toMatchObject({ kind: 'validation' });
    expect([touched, registered]).toEqual([[], []]);
  });

  it('reports, never rejects with, what the browser throws: a register that throws synchronously, a matchMedia that throws', async () => {
    const boom = new DOMException('The operation is insecure.', 'SecurityError');
    const throwing: ServiceWorkerContainerLike = {
      register: () => {
        throw boom;
      },
    };
    expect(await registerOfflineWorker({ serviceWorker: throwing, matchMedia: media('(display-mode: standalone)') })).toEqual({
      status: 'failed',
      error: boom,
    });
    const brokenMedia = () => {
      throw boom;
    };
    expect(await registerOfflineWorker({ serviceWorker: container().sw, matchMedia: brokenMedia })).toEqual({
      status: 'failed',
      error: boom,
    });
  });
});
