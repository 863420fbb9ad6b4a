import { describe, expect, it } from 'vitest';
import { nextReset, pacedInterval, requestCost } from './quota';

const DAY = 86_400_000;

describe('the quota', () => {
  it('costs markets × regions per odds request, every 10 bookmakers counting as one region', () => {
    expect(requestCost(2, 1)).toBe(2);
    expect(requestCost(2, 3)).toBe(6);
    expect(requestCost(1, 1, 10)).toBe(1);
    expect(requestCost(2, 1, 11)).toBe(4);
  });

  it('renews on the configured day of the month at midnight UTC, always after now', () => {
    expect(nextReset(Date.UTC(2026, 11, 3, 9), 1)).toBe(Date.UTC(2027, 0, 1));
    expect(nextReset(Date.UTC(2026, 11, 3, 9), 15)).toBe(Date.UTC(2026, 11, 15));
    expect(nextReset(Date.UTC(2026, 11, 15), 15)).toBe(Date.UTC(2027, 0, 15));
    expect(nextReset(Date.UTC(2026, 0, 31, 23), 28)).toBe(Date.UTC(2026, 1, 28));
  });

  it('polls at the configured interval while credits are plentiful or unknown', () => {
    expect(pacedInterval({ now: 0, intervalMs: 60_000, remaining: null, cycleCost: 6, resetAt: 30 * DAY })).toBe(60_000);
    // 30 days of a poll a minute at 6 credits is 259,200 credits: a million left needs no slowing.
    expect(pacedInterval({ now: 0, intervalMs: 60_000, remaining: 1_000_000, cycleCost: 6, resetAt: 30 * DAY })).toBe(60_000);
  });

  it('spreads the credits left evenly over the time left, so they last until the renewal', () => {
    // 600 credits at 6 a poll: 100 polls over 10 days, one every 2.4 hours.
    expect(pacedInterval({ now: 0, intervalMs: 60_000, remaining: 600, cycleCost: 6, resetAt: 10 * DAY })).toBe(8_640_000);
    // Fewer credits than a whole poll: wait for the renewal, never longer.
    expect(pacedInterval({ now: 0, intervalMs: 60_000, remaining: 3, cycleCost: 6, resetAt: 10 * DAY })).toBe(10 * DAY);
    expect(pacedInterval({ now: 0, intervalMs: 60_000, remaining: 0, cycleCost: 6, resetAt: 10 * DAY })).toBe(10 * DAY);
  });
});
