// Dates as a UK member reads them: Europe/London, whatever the device's own time zone.
const DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** `Tuesday 24 November 2026` for an instant (epoch ms, Date or ISO 8601 string). */
export function formatLondonDate(instant: number | Date | string): string {
  return DATE.format(typeof instant === 'string' ? Date.parse(instant) : instant);
}

/** `Sunday 17 August 2025 at 23:59:59` for an instant. */
export function formatLondonDateTime(instant: number | Date | string): string {
  return DATE_TIME.format(typeof instant === 'string' ? Date.parse(instant) : instant);
}

/** The instant as ISO 8601, for a <time dateTime>. */
export function isoOf(instant: number | Date | string): string {
  return new Date(typeof instant === 'string' ? Date.parse(instant) : instant).toISOString();
}
