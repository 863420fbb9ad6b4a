import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLondonDays, addLondonMonths } from './index';

// An independent reading of London wall clocks: toLocaleString in Europe/London, split by hand.
function london(t: Date): { y: number; m: number; d: number; time: string } {
  const s = t.toLocaleString('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23' }); // "31/01/2026, 09:00:00"
  const [date = '', time = ''] = s.split(', ');
  const [d, m, y] = date.split('/').map(Number);
  return { y: y as number, m: m as number, d: d as number, time: `${time}.${String(t.getUTCMilliseconds()).padStart(3, '0')}` };
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (y: number, m: number): number => (m === 2 && ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0) ? 29 : (DAYS[m - 1] as number));

/** Instants from 2000 to 2060 whose London hour is not 01 (so the wall time exists, once, on every day). */
const instant = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) })
  .map((ms) => new Date(ms))
  .filter((t) => !london(t).time.startsWith('01:'));

describe('London calendar laws', () => {
  it('adding months keeps the wall-clock time and the day, clamped to the end of a shorter month', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -240, max: 240 }), (t, n) => {
        const a = london(t);
        const b = london(addLondonMonths(t, n));
        const index = a.y * 12 + (a.m - 1) + n;
        const y = Math.floor(index / 12);
        const m = index - y * 12 + 1;
        expect([b.y, b.m, b.d, b.time]).toEqual([y, m, Math.min(a.d, daysIn(y, m)), a.time]);
      }),
    );
  });

  it('adding days keeps the wall-clock time and moves the London date by that many days', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -800, max: 800 }), (t, n) => {
        const a = london(t);
        const b = london(addLondonDays(t, n));
        expect(b.time).toBe(a.time);
        expect((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000).toBe(n);
      }),
    );
  });

  it('adding days then taking them away returns to the same instant', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -800, max: 800 }), (t, n) => {
        expect(addLondonDays(addLondonDays(t, n), -n).getTime()).toBe(t.getTime());
      }),
    );
  });
});
