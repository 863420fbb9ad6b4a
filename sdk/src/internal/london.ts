// UK-local (Europe/London) calendar arithmetic over instants, with no date library: the zone's
// offsets come from Intl. Not exported from any package entry point; billing builds its public
// date functions on it, the sales (a sale's payment-link period) and the affiliate ledger (its
// monthly summary) read months with it, and any module that needs London days or months should
// import it rather than write a second conversion. Nothing is made at import: a formatter is made
// when a calendar or a reader is made.
//
// A "wall" value is the London wall-clock reading of an instant encoded as if it were UTC epoch
// milliseconds: wall 2025-03-30T01:30 is Date.UTC(2025, 2, 30, 1, 30). On a wall value every
// calendar day has exactly 24 hours, so days and months can be added with plain UTC arithmetic and
// then turned back into an instant.

import { MAX_INSTANT_MS, MIN_INSTANT_MS } from './instant';

const ZONE = 'Europe/London';
const DAY_MS = 86_400_000;

/** London calendar arithmetic sharing one Intl formatter (made per calendar: no module-level state). */
export interface LondonCalendar {
  /** The London wall-clock reading of the instant `ms`, encoded as UTC milliseconds. */
  toWall(ms: number): number;
  /** London's offset from UTC at the instant `ms`, in milliseconds (0 in winter, 3 600 000 in summer). */
  offset(ms: number): number;
  /**
   * The instant at which London's clocks read the wall value `wall`. Where the reading does not
   * exist (the spring-forward hour) it is moved forward by the gap: 01:30 on the last Sunday of
   * March is 02:30 BST. Where it occurs twice (the fall-back hour) the earlier, BST, instant is
   * taken, unless `preferOffset` names the offset of the other occurrence (0 picks the second,
   * GMT, one). (Without `preferOffset` this is the 'compatible' disambiguation of Temporal.)
   */
  fromWall(wall: number, preferOffset?: number): number;
  /**
   * The instant `days` London calendar days after `ms` (negative: before), at the same wall-clock
   * time. A reading the clocks skip moves forward by the gap; a reading the clocks show twice is
   * the occurrence with the offset `ms` itself has (so adding 0 days returns `ms`, and from the
   * second, GMT, 01:30 of a fall-back day the result is GMT too). NaN when the result would fall
   * outside 1970-01-01 .. 9999-12-31 (UTC).
   */
  addDays(ms: number, days: number): number;
  /**
   * The instant `months` London calendar months after `ms`, at the same wall-clock time. The day of
   * the month is kept, or clamped to the last day of a shorter month: 31 January plus one month is
   * 28 (or 29) February, plus two months 31 March. Skipped and repeated readings as for `addDays`;
   * NaN outside 1970-01-01 .. 9999-12-31 (UTC).
   */
  addMonths(ms: number, months: number): number;
  /** The London calendar date of the instant `ms` as `YYYY-MM-DD`. */
  date(ms: number): string;
}

/** A London calendar. Make one per computation and reuse it: building the Intl formatter is the costly part. */
export function londonCalendar(): LondonCalendar {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const toWall = (ms: number): number => {
    const get: Record<string, number> = {};
    for (const p of format.formatToParts(new Date(ms))) get[p.type] = Number(p.value);
    const d = new Date(0);
    d.setUTCFullYear(get['year'] as number, (get['month'] as number) - 1, get['day'] as number);
    d.setUTCHours(get['hour'] as number, get['minute'] as number, get['second'] as number, ((ms % 1000) + 1000) % 1000);
    return d.getTime();
  };
  const offset = (ms: number): number => toWall(ms) - ms;
  const fromWall = (wall: number, preferOffset?: number): number => {
    const before = offset(wall - DAY_MS);
    const after = offset(wall + DAY_MS);
    const first = wall - before;
    if (before === after) return first;
    const second = wall - after;
    const firstOk = toWall(first) === wall;
    const secondOk = toWall(second) === wall;
    if (firstOk && secondOk) {
      if (preferOffset === before) return first;
      if (preferOffset === after) return second;
      return Math.min(first, second);
    }
    if (secondOk) return second;
    // Either only `first` is valid, or neither (a gap): the pre-transition offset moves the reading forward.
    return first;
  };
  // A wall value outside the supported range (with a day's margin for the offset) has no instant here.
  const inRange = (wall: number): boolean => wall >= MIN_INSTANT_MS - DAY_MS && wall <= MAX_INSTANT_MS + DAY_MS;
  const checked = (ms: number): number => (ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS ? ms : NaN);
  const addDays = (ms: number, days: number): number => {
    if (days === 0) return ms;
    const wall = toWall(ms);
    const target = wall + days * DAY_MS;
    return inRange(target) ? checked(fromWall(target, wall - ms)) : NaN;
  };
  const addMonths = (ms: number, months: number): number => {
    if (months === 0) return ms;
    const wall = toWall(ms);
    const d = new Date(wall);
    const timeOfDay = wall - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    const index = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
    const year = Math.floor(index / 12);
    const month = index - year * 12;
    if (year < 1969 || year > 10000) return NaN;
    const target = new Date(0);
    target.setUTCFullYear(year, month + 1, 0); // day 0 of the next month: the last day of `month`
    const day = Math.min(d.getUTCDate(), target.getUTCDate());
    target.setUTCFullYear(year, month, day);
    return checked(fromWall(target.getTime() + timeOfDay, wall - ms));
  };
  const date = (ms: number): string => new Date(toWall(ms)).toISOString().slice(0, 10);
  return { toWall, offset, fromWall, addDays, addMonths, date };
}

/** A UK-local calendar month: the year and the month number (1 = January). */
export interface LondonMonth {
  readonly year: number;
  readonly month: number;
}

/**
 * Makes a function from epoch milliseconds to the Europe/London month containing that instant.
 * Make one reader per batch of instants (it holds one London calendar).
 */
export function londonMonthReader(): (ms: number) => LondonMonth {
  const calendar = londonCalendar();
  return (ms) => {
    const wall = new Date(calendar.toWall(ms));
    return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1 };
  };
}

/** A month as `YYYY-MM` (the form of the GraphQL schema's month fields). */
export function monthKey({ year, month }: LondonMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}
