// How the finder tables show the engines' figures: money from pence, odds to two places,
// probabilities and ratings as percent. Display only: every figure is the engine's.
import { formatPence } from '../../components/money';

/** Pence (possibly fractional, an expectation) as pounds to the penny. */
export function money(pence: number): string {
  return formatPence(Math.round(pence));
}

/** Decimal odds to two places (the ladder's precision). */
export function odds(value: number): string {
  return value.toFixed(2);
}

/** A fraction (0.123) as a percent (12.3%). */
export function fractionPercent(value: number, digits = 1): string {
  return `${(value * 100).toFixed(digits)}%`;
}

/** A figure already in percent (a rating) with its sign. */
export function percent(value: number, digits = 1): string {
  return `${value.toFixed(digits)}%`;
}

const time = new Intl.DateTimeFormat('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** An event's start as the member reads it (UK time). */
export function startTime(instant: string): string {
  const at = Date.parse(instant);
  return Number.isFinite(at) ? time.format(at) : instant;
}
