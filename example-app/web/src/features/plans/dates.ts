// Dates as a UK member reads them: Europe/London, whatever the device's own time zone. The words
// are the contract's (the server's messages say dates the same way).
import { londonDate, londonDateTime } from '@matchkit/app-contract';

/** `Tuesday 24 November 2026` for an instant (epoch ms, Date or ISO 8601 string). */
export function formatLondonDate(instant: number | Date | string): string {
  return londonDate(instant);
}

/** `Sunday 17 August 2025 at 23:59:59` for an instant. */
export function formatLondonDateTime(instant: number | Date | string): string {
  return londonDateTime(instant);
}

/** The instant as ISO 8601, for a <time dateTime>. */
export function isoOf(instant: number | Date | string): string {
  return new Date(typeof instant === 'string' ? Date.parse(instant) : instant).toISOString();
}
