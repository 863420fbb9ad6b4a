import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBrand } from '@matchkit/sdk/brands';
import type { InstantInput } from '@matchkit/sdk/sales';
import { useActiveSale, useNow, useSaleCountdown } from './sales';
import { withBrand } from './test-utils';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useActiveSale', () => {
  const at = (now: InstantInput, brand: 'primary' | 'secondary' = 'primary') =>
    renderHook(() => useActiveSale(now), { wrapper: withBrand(brand) }).result.current;

  it('returns the August sale at its first millisecond (09:00 UK summer time)', () => {
    expect(at(new Date('2025-08-11T09:00:00+01:00'))?.id).toBe('aug-2025');
    expect(at(Date.parse('2025-08-17T23:59:59+01:00'))?.id).toBe('aug-2025');
  });

  it('returns nothing one millisecond before the sale', () => {
    expect(at(Date.parse('2025-08-11T09:00:00+01:00') - 1)).toBeUndefined();
  });

  it('returns the last-day sale on 18 August UK time', () => {
    expect(at(new Date('2025-08-18T12:00:00+01:00'))?.id).toBe('aug-2025-last-day');
  });

  it('returns nothing for the secondary brand, which has no sales', () => {
    expect(at(new Date('2025-08-12T12:00:00+01:00'), 'secondary')).toBeUndefined();
  });

  it('gives the same sale object for equal instants passed as new Date objects', () => {
    const t = Date.parse('2025-08-12T12:00:00+01:00');
    const { result, rerender } = renderHook(() => useActiveSale(new Date(t)), { wrapper: withBrand('primary') });
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
    expect(first).toBe(getBrand('primary').sales[0]);
  });
});

describe('useSaleCountdown', () => {
  it('counts down to the sale end (the end of its last second, 2025-08-18 00:00 UK time)', () => {
    const sale = getBrand('primary').sales[0];
    const { result } = renderHook(() => useSaleCountdown(sale, new Date('2025-08-16T23:00:00+01:00')));
    expect(result.current).toEqual({ days: 1, hours: 1, minutes: 0, seconds: 0, remainingMs: 90_000_000, ended: false });
  });

  it('returns undefined without a sale, so it can follow useActiveSale unconditionally', () => {
    const { result } = renderHook(() => useSaleCountdown(undefined, 0));
    expect(result.current).toBeUndefined();
  });
});

describe('useNow', () => {
  it('ticks every interval from the injected clock and stops on unmount', () => {
    vi.useFakeTimers();
    let t = 1_000;
    const clock = () => t;
    const { result, unmount } = renderHook(() => useNow(1000, clock));
    expect(result.current).toBe(1_000);
    t = 2_000;
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(1_000);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(2_000);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects an interval that is not a positive number', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useNow(0))).toThrow(RangeError);
  });
});
