// Dates as a UK member reads them, in words and in Europe/London whatever the machine's zone: what
// the web app shows and what the server's messages say ("Sunday, 17 August 2025"), never an ISO
// instant.

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

const read = (instant: number | Date | string): number | Date => (typeof instant === 'string' ? Date.parse(instant) : instant);

/** `Tuesday, 24 November 2026` for an instant (epoch ms, Date or ISO 8601 string). */
export function londonDate(instant: number | Date | string): string {
  return DATE.format(read(instant));
}

/** `Sunday, 17 August 2025 at 23:59:59` for an instant. */
export function londonDateTime(instant: number | Date | string): string {
  return DATE_TIME.format(read(instant));
}
