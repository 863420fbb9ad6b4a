import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineBrand, getBrand } from '../brands';
import { isValidationError } from '../errors';
import { createNotificationsStore, type Notification } from '../notifications';

// Spec section 9: "Notification auto-close: 5000 ms"; section 8: statuses success, error, warning.
const SPEC_AUTO_CLOSE_MS = 5000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createNotificationsStore', () => {
  it('is empty until something is shown', () => {
    expect(createNotificationsStore().getSnapshot()).toBeNull();
  });

  it('closes on its own 5000 ms after it opens, not a millisecond earlier', () => {
    const store = createNotificationsStore();
    const shown = store.show({ status: 'success', message: 'Bet saved' });
    expect(shown.autoCloseMs).toBe(SPEC_AUTO_CLOSE_MS);
    vi.advanceTimersByTime(SPEC_AUTO_CLOSE_MS - 1);
    expect(store.getSnapshot()).toBe(shown);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toBeNull();
  });

  it('shows each of the three statuses and rejects any other', () => {
    const store = createNotificationsStore();
    for (const status of ['success', 'error', 'warning'] as const) {
      expect(store.show({ status, message: status }).status).toBe(status);
    }
    try {
      store.show({ status: 'info' as never, message: 'x' });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      if (isValidationError(e)) expect(e.issues.map((i) => i.path)).toEqual(['status']);
    }
  });

  it('replaces the notification on screen and restarts the timer', () => {
    const store = createNotificationsStore();
    store.show({ status: 'warning', message: 'first' });
    vi.advanceTimersByTime(4000);
    const second = store.show({ status: 'error', message: 'second', title: 'Oops' });
    expect(store.getSnapshot()).toBe(second);
    vi.advanceTimersByTime(4999); // 8999 ms after the first: the first's timer must not close the second
    expect(store.getSnapshot()).toBe(second);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels the timer when closed by hand', () => {
    const store = createNotificationsStore();
    store.show({ status: 'success', message: 'x' });
    expect(vi.getTimerCount()).toBe(1);
    store.close();
    expect(store.getSnapshot()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores a close for a notification that was already replaced', () => {
    const store = createNotificationsStore();
    const first = store.show({ status: 'success', message: 'first' });
    const second = store.show({ status: 'success', message: 'second' });
    store.close(first.id);
    expect(store.getSnapshot()).toBe(second);
    store.close(second.id);
    expect(store.getSnapshot()).toBeNull();
  });

  it('notifies subscribers on open, replace and close, and hands out stable snapshots', () => {
    const store = createNotificationsStore();
    const seen: (Notification | null)[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getSnapshot()));
    const a = store.show({ status: 'success', message: 'a' });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
    const b = store.show({ status: 'error', message: 'b' });
    vi.advanceTimersByTime(SPEC_AUTO_CLOSE_MS);
    unsubscribe();
    store.show({ status: 'success', message: 'unseen' });
    expect(seen).toEqual([a, b, null]);
    expect(b.id).toBeGreaterThan(a.id);
  });

  it('defaults to the value both reference catalogues carry', () => {
    for (const id of ['primary', 'secondary'] as const) {
      const store = createNotificationsStore({ brand: getBrand(id) });
      expect(store.show({ status: 'success', message: 'x' }).autoCloseMs).toBe(getBrand(id).notifications.autoCloseMs);
      expect(getBrand(id).notifications.autoCloseMs).toBe(SPEC_AUTO_CLOSE_MS);
    }
    expect(() => createNotificationsStore({ brand: {} as never })).toThrow(/brand\.notifications/);
  });

  it('takes its delay from the brand catalogue, from an option, or per notification', () => {
    const custom = defineBrand({
      ...getBrand('secondary'),
      notifications: { autoCloseMs: 1200, statuses: ['success', 'error', 'warning'] },
    });
    const fromBrand = createNotificationsStore({ brand: custom });
    expect(fromBrand.show({ status: 'success', message: 'x' }).autoCloseMs).toBe(1200);
    const fromOption = createNotificationsStore({ autoCloseMs: 300 });
    fromOption.show({ status: 'success', message: 'x' });
    const long = fromOption.show({ status: 'error', message: 'read me', autoCloseMs: 10_000 });
    vi.advanceTimersByTime(9_999);
    expect(fromOption.getSnapshot()).toBe(long);
    vi.advanceTimersByTime(1);
    expect(fromOption.getSnapshot()).toBeNull();
  });

  it('uses injected timers', () => {
    const pending = new Map<number, () => void>();
    let next = 0;
    const store = createNotificationsStore({
      timers: {
        setTimeout: (callback) => {
          pending.set(++next, callback);
          return next;
        },
        clearTimeout: (handle) => pending.delete(handle as number),
      },
    });
    store.show({ status: 'success', message: 'a' });
    store.show({ status: 'success', message: 'b' });
    expect([...pending.keys()]).toEqual([2]); // the first timer was cleared
    pending.get(2)?.();
    expect(store.getSnapshot()).toBeNull();
  });

  it('lists every bad field of a notification at once', () => {
    const store = createNotificationsStore();
    try {
      store.show({ status: 'nope' as never, message: '  ', title: 3 as never, autoCloseMs: -1 });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      if (isValidationError(e)) expect(e.issues.map((i) => i.path)).toEqual(['status', 'message', 'title', 'autoCloseMs']);
    }
    expect(store.getSnapshot()).toBeNull();
  });

  it('rejects bad options', () => {
    expect(() => createNotificationsStore({ autoCloseMs: 0 })).toThrow(/autoCloseMs/);
    expect(() => createNotificationsStore({ autoCloseMs: Number.NaN })).toThrow(/autoCloseMs/);
    expect(() => createNotificationsStore({ timers: {} as never })).toThrow(/timers/);
  });

  it('dispose closes and leaves no timer behind', () => {
    const store = createNotificationsStore();
    store.show({ status: 'success', message: 'x' });
    store.dispose();
    expect(store.getSnapshot()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('no browser globals', () => {
  it('touches no window, document or navigator at import or use', async () => {
    const touched: string[] = [];
    const names = ['window', 'document', 'navigator'] as const;
    const saved = names.map((n) => Object.getOwnPropertyDescriptor(globalThis, n));
    for (const n of names) {
      Object.defineProperty(globalThis, n, { configurable: true, get: () => (touched.push(n), undefined) });
    }
    try {
      vi.resetModules();
      const fresh = await import('./index');
      const store = fresh.createNotificationsStore();
      store.show({ status: 'success', message: 'x' });
      vi.advanceTimersByTime(5000);
      expect(touched).toEqual([]);
    } finally {
      names.forEach((n, i) => {
        const d = saved[i];
        if (d === undefined) Reflect.deleteProperty(globalThis, n);
        else Object.defineProperty(globalThis, n, d);
      });
    }
  });
});
