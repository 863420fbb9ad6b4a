import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addLondonDays, addLondonMonths, londonClockTime } from './index';

// An independent reading of London wall clocks: toLocaleString in Europe/London, split by hand.
// The functions under test return epoch milliseconds; inputs here are Dates or epoch milliseconds.
function london(x: Date | number): { y: number; m: number; d: number; time: string } {
  const t = new Date(x);
  const s = t.toLocaleString('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23' }); // "31/01/2026, 09:00:00"
  const [date = '', time = ''] = s.split(', ');
  const [d, m, y] = date.split('/').map(Number);
  return { y: y as number, m: m as number, d: d as number, time: `${time}.${String(t.getUTCMilliseconds()).padStart(3, '0')}` };
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (y: number, m: number): number =>
  m === 2 && ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0) ? 29 : (DAYS[m - 1] as number);

/** The last Sunday of a month (1-based), as a day of the month. */
const lastSunday = (y: number, m: number): number => {
  const last = daysIn(y, m);
  return last - new Date(Date.UTC(y, m - 1, last)).getUTCDay();
};
/** Whether London clocks skip the wall time (`HH:MM:SS.mmm`) on that date: 01:xx on the last Sunday of March. */
const skipped = (y: number, m: number, d: number, time: string): boolean => m === 3 && d === lastSunday(y, 3) && time.startsWith('01:');
/** London's offset at `t` in ms, from the independent wall reading. */
const offsetOf = (x: Date | number): number => {
  const t = new Date(x);
  const l = london(t);
  const [h, mi, sec] = l.time.split(':').map(Number);
  return Date.UTC(l.y, l.m - 1, l.d, h, mi, sec, t.getUTCMilliseconds()) - t.getTime();
};

/**
 * Instants from 2000 to 2060, half of them within three hours of a clock change (so that hour 01 of
 * the last Sundays of March and October, skipped or shown twice, is well covered).
 */
const instant = fc.oneof(
  fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => new Date(ms)),
  fc
    .record({
      y: fc.integer({ min: 2000, max: 2059 }),
      m: fc.constantFrom(3, 10),
      shift: fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }),
    })
    .map(({ y, m, shift }) => new Date(Date.UTC(y, m - 1, lastSunday(y, m), 1) + shift)),
);

/**
 * The rule for the target day's wall time: the source's wall time, one hour later when the clocks
 * skip it; when they show it twice, the occurrence with the source's offset.
 */
function expectWallRule(a: ReturnType<typeof london>, t: Date, r: number, y: number, m: number, d: number): void {
  const b = london(r);
  const [h = 0, ...rest] = a.time.split(':');
  const expectedTime = skipped(y, m, d, a.time) ? [String(Number(h) + 1).padStart(2, '0'), ...rest].join(':') : a.time;
  expect([b.y, b.m, b.d, b.time]).toEqual([y, m, d, expectedTime]);
  if (m === 10 && d === lastSunday(y, 10) && a.time.startsWith('01:')) expect(offsetOf(r)).toBe(offsetOf(t));
}

describe('London calendar laws', () => {
  it('adding months keeps the day, clamped to the end of a shorter month, and the wall-clock time (an hour later where skipped, the source offset where shown twice)', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -240, max: 240 }), (t, n) => {
        const a = london(t);
        const index = a.y * 12 + (a.m - 1) + n;
        const y = Math.floor(index / 12);
        const m = index - y * 12 + 1;
        expectWallRule(a, t, addLondonMonths(t, n), y, m, Math.min(a.d, daysIn(y, m)));
      }),
    );
  });

  it('adding days moves the London date by that many days and keeps the wall-clock time (an hour later where skipped, the source offset where shown twice)', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -800, max: 800 }), (t, n) => {
        const a = london(t);
        const target = new Date(Date.UTC(a.y, a.m - 1, a.d + n));
        expectWallRule(a, t, addLondonDays(t, n), target.getUTCFullYear(), target.getUTCMonth() + 1, target.getUTCDate());
      }),
    );
  });

  it('adding 0 days or 0 months returns the same instant', () => {
    fc.assert(
      fc.property(instant, (t) => {
        expect(addLondonDays(t, 0)).toBe(t.getTime());
        expect(addLondonMonths(t, 0)).toBe(t.getTime());
      }),
    );
  });

  it('adding days then taking them away returns to the same instant, unless the day in between skips the wall-clock time or the instant is a twice-shown one and the day in between has the other offset', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -800, max: 800 }), (t, n) => {
        const a = london(t);
        const day = new Date(Date.UTC(a.y, a.m - 1, a.d + n));
        fc.pre(!skipped(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate(), a.time));
        const mid = addLondonDays(t, n);
        const twiceShown = a.m === 10 && a.d === lastSunday(a.y, 10) && a.time.startsWith('01:');
        fc.pre(!twiceShown || offsetOf(mid) === offsetOf(t));
        expect(addLondonDays(mid, -n)).toBe(t.getTime());
      }),
    );
  });

  it('the London clock time is the hours and minutes of the independent Europe/London wall reading', () => {
    fc.assert(
      fc.property(instant, (t) => {
        expect(londonClockTime(t)).toBe(london(t).time.slice(0, 5));
      }),
    );
  });
});
