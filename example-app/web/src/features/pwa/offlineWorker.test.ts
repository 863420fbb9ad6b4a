import { describe, expect, it, vi } from 'vitest';
import { OFFLINE_WORKER_URL, registerWhenStandalone, STANDALONE_QUERY, type WorkerHost } from './offlineWorker';

function host(standalone: boolean, withWorkers = true): WorkerHost & { queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    matchMedia: (q) => {
      queries.push(q);
      return { matches: standalone && q === STANDALONE_QUERY };
    },
    navigator: withWorkers ? { serviceWorker: {} } : {},
  };
}

describe('registerWhenStandalone', () => {
  it('registers /offline-worker.js through workbox in standalone display mode', async () => {
    const register = vi.fn(() => Promise.resolve());
    const create = vi.fn(() => ({ register }));
    expect(await registerWhenStandalone(host(true), create)).toBe(true);
    expect(create).toHaveBeenCalledWith(OFFLINE_WORKER_URL);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does not register in a normal browser tab', async () => {
    const create = vi.fn(() => ({ register: () => Promise.resolve() }));
    const h = host(false);
    expect(await registerWhenStandalone(h, create)).toBe(false);
    expect(h.queries).toEqual(['(display-mode: standalone)']);
    expect(create).not.toHaveBeenCalled();
  });

  it('does nothing without service workers, and logs (never throws) a failed registration', async () => {
    const create = vi.fn(() => ({ register: () => Promise.reject(new Error('blocked')) }));
    expect(await registerWhenStandalone(host(true, false), create)).toBe(false);
    expect(create).not.toHaveBeenCalled();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await registerWhenStandalone(host(true), create)).toBe(false);
    expect(warn).toHaveBeenCalledWith('the offline worker could not be registered', expect.any(Error));
    warn.mockRestore();
  });
});
