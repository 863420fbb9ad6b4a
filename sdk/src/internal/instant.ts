// The one reader of instants for modules that store them: a Date or epoch milliseconds, within the
// range every consumer can write and read back as a four-digit-year ISO 8601 date-time (1970-01-01
// to 9999-12-31 UTC). Outside it, toISOString writes '+010000-…' or '-000001-…', which ISO readers
// (and the tracker's CSV import) reject, and Intl formats negative years wrongly. Not exported
// from any package entry point.

/** The earliest instant accepted: 1970-01-01T00:00:00.000Z. */
export const MIN_INSTANT_MS = 0;
/** The latest instant accepted: 9999-12-31T23:59:59.999Z. */
export const MAX_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * Reads an instant: its epoch milliseconds, or the message saying why it is not one (`is required`
 * when undefined). Accepts a valid Date or a finite number, from 1970-01-01T00:00:00Z to
 * 9999-12-31T23:59:59.999Z inclusive.
 */
export function readInstant(x: unknown): { readonly ms: number } | { readonly message: string } {
  if (x === undefined) return { message: 'is required' };
  const ms = x instanceof Date ? x.getTime() : x;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return { message: 'must be a valid Date or a finite number of epoch milliseconds' };
  if (ms < MIN_INSTANT_MS || ms > MAX_INSTANT_MS) {
    return { message: 'must be from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z' };
  }
  return { ms };
}
