// UK-local calendar days and months (Europe/London) of instants, with no date library: the
// platform's Intl time-zone data does the daylight-saving arithmetic.

/** A formatter of Europe/London calendar dates; make one per call, never at import. */
export function londonCalendar(): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
  return (ms) => {
    const parts = format.formatToParts(new Date(ms));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  };
}
