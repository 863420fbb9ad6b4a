// The tracker charts' time axis, in seconds as uPlot keeps it: the range it spans and the words
// under its ticks. Left to itself uPlot stretches one day of data over years, the point at the
// edge; this axis fits the data's own days and says the year.

const DAY_S = 86_400;
/** The least span of the axis: one day of data sits in the middle of a week. */
const LEAST_SPAN_S = 7 * DAY_S;

/** The x range for data from `min` to `max` (UK noons): half a day beyond each end, and at least a week, centred on the data. */
export function dayAxisRange(min: number, max: number): [number, number] {
  const from = min - DAY_S / 2;
  const to = max + DAY_S / 2;
  const short = LEAST_SPAN_S - (to - from);
  return short > 0 ? [from - short / 2, to + short / 2] : [from, to];
}

/**
 * The x scale's range for the data at `xs` (its points' times, oldest first): `dayAxisRange` of the
 * data's own ends, not of the min and max uPlot passes. For a single point uPlot passes a max 1,000
 * days on (it adds 86,400 / ms, a day in milliseconds, to a scale kept in seconds).
 */
export function dayScaleRange(xs: readonly number[]): (u: unknown, min: number, max: number) => [number, number] {
  const first = xs[0];
  const last = xs.at(-1);
  return (_u, min, max) => (first === undefined || last === undefined ? dayAxisRange(min, max) : dayAxisRange(first, last));
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'short' });
const YEAR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric' });

/** The ticks' labels (`18 Nov`), with the year on the first and wherever the year changes (`1 Jan 2026`). */
export function dayAxisLabels(ticks: readonly number[]): string[] {
  let year = '';
  return ticks.map((t) => {
    const at = t * 1000;
    const y = YEAR.format(at);
    const label = DAY_MONTH.format(at);
    if (y === year) return label;
    year = y;
    return `${label} ${y}`;
  });
}
