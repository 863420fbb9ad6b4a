// @vitest-environment node
// Issue 20, defect 7: the tracker's charts drew one day of data on a 30-month axis without years,
// the point at the far left. The time axis spans the data's own days (a week at least, the data
// centred) and its labels say the year.
import { describe, expect, it } from 'vitest';
import { dayAxisLabels, dayAxisRange, dayScaleRange } from './chartAxis';

const DAY_S = 86_400;
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

describe('dayAxisRange', () => {
  it('one day of data: a week around it, the day in the middle', () => {
    const x = noon('2026-12-01');
    const [min, max] = dayAxisRange(x, x);
    expect(max - min).toBe(7 * DAY_S);
    expect((min + max) / 2).toBe(x);
  });

  it('a month of data: that month with half a day either side, no more', () => {
    const [min, max] = dayAxisRange(noon('2026-11-01'), noon('2026-11-30'));
    expect([min, max]).toEqual([noon('2026-11-01') - DAY_S / 2, noon('2026-11-30') + DAY_S / 2]);
  });

  it('two years of data stay two years', () => {
    const [min, max] = dayAxisRange(noon('2025-01-01'), noon('2026-12-31'));
    expect(max - min).toBeLessThan(731 * DAY_S);
  });
});

describe('dayScaleRange', () => {
  // uPlot widens a single x value before it asks the range: it adds 86,400 / ms (a day in
  // milliseconds) to a scale kept in seconds, so one day of data arrives as 1,000 days.
  const UPLOT_SINGLE_POINT_MAX = 86_400 / 1e-3;

  it('one day of data: a week around it, whatever span uPlot passes', () => {
    const x = noon('2026-12-02');
    const [min, max] = dayScaleRange([x])(null, x, x + UPLOT_SINGLE_POINT_MAX);
    expect([min, max]).toEqual([x - 3.5 * DAY_S, x + 3.5 * DAY_S]);
  });

  it('several days: their own ends', () => {
    const xs = [noon('2026-11-01'), noon('2026-11-05'), noon('2026-11-30')];
    expect(dayScaleRange(xs)(null, xs[0] ?? 0, xs[2] ?? 0)).toEqual(dayAxisRange(noon('2026-11-01'), noon('2026-11-30')));
  });
});

describe('dayAxisLabels', () => {
  it('says the year on the first label and wherever it changes', () => {
    const ticks = ['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02'].map(noon);
    expect(dayAxisLabels(ticks)).toEqual(['30 Dec 2025', '31 Dec', '1 Jan 2026', '2 Jan']);
  });

  it('one tick: its year', () => {
    expect(dayAxisLabels([noon('2026-12-01')])).toEqual(['1 Dec 2026']);
  });
});
