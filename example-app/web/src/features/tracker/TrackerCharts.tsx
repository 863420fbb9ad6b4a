// The tracker's charts, a chunk of their own (with uPlot) that only the profit tracker loads:
// the cumulative settled profit by UK day (the sdk's cumulativeProfit), its drawdown (the sdk's
// drawdownSeries and maxDrawdown) and this month's profit against the member's monthly target (the
// sdk's goalProgress). A canvas says nothing to a screen reader, so each chart has its summary in
// words as its caption and its figures in a table; the canvas itself is hidden from assistive tech.
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { betFromWire } from '@matchkit/app-contract';
import { useBrand, useNow } from '@matchkit/react';
import { cumulativeProfit, drawdownSeries, goalProgress, maxDrawdown, type TrackedBetInput } from '@matchkit/sdk/tracker';
import type { GqlTrackedBet } from '@matchkit/sdk/transport';
import { ErrorMessage } from '../../components/Status';
import { londonMonth } from './filters';
import { dayAxisLabels, dayAxisRange } from './chartAxis';
import { formatDay, formatDayKey, signedPence } from './labels';

export interface TrackerChartsProps {
  readonly bets: readonly GqlTrackedBet[];
  /** The member's onboarding goal id, or null when they chose none. */
  readonly goal: string | null;
  /** True when the bets are a filtered view. */
  readonly filtered: boolean;
}

export function TrackerCharts({ bets, goal, filtered }: TrackerChartsProps) {
  const brand = useBrand();
  const month = londonMonth(useNow(60_000));
  const figures = useMemo(() => {
    try {
      const input = bets.map(betFromWire);
      const thisMonth = input.filter(
        (b) => b.status === 'settled' && b.settledAt !== null && b.settledAt !== undefined && londonMonth(b.settledAt as number) === month,
      );
      return {
        cumulative: cumulativeProfit(input),
        drawdown: drawdownSeries(input),
        worst: maxDrawdown(input),
        monthly: cumulativeProfit(thisMonth),
        progress: goal === null ? null : goalProgress(brand, input, { goal, month }),
        input: input as readonly TrackedBetInput[],
      };
    } catch (error) {
      return { error };
    }
  }, [bets, goal, brand, month]);
  if ('error' in figures) return <ErrorMessage error={figures.error} />;
  const { cumulative, drawdown, worst, monthly, progress } = figures;
  const goalInfo = goal === null ? undefined : brand.onboarding.goals.find((g) => g.id === goal);
  const last = cumulative.at(-1);
  const first = cumulative[0];
  return (
    <section aria-labelledby="tracker-charts" className="tracker-section tracker-charts">
      <h2 id="tracker-charts">Charts{filtered ? ' (filtered)' : ''}</h2>
      <Chart
        title="Profit over time"
        summary={
          last === undefined || first === undefined
            ? 'No settled bets yet: the chart starts when your first bet is settled.'
            : `Settled profit on ${cumulative.length} ${cumulative.length === 1 ? 'day' : 'days'}, from ${formatDayKey(first.day)} to ${formatDayKey(last.day)}: ${signedPence(last.cumulative)} in all.`
        }
        days={cumulative.map((p) => p.day)}
        series={[{ label: 'Cumulative profit', values: cumulative.map((p) => p.cumulative) }]}
        columns={['Day', 'Profit that day', 'Cumulative profit']}
        rows={cumulative.map((p) => [formatDayKey(p.day), signedPence(p.profit), signedPence(p.cumulative)])}
        testId="chart-profit"
      />
      <Chart
        title="Drawdown"
        summary={
          drawdown.length === 0
            ? 'No settled bets yet.'
            : worst.amount === 0
              ? 'Your settled profit has not fallen below its best so far.'
              : `Largest fall from a high: ${signedPence(worst.amount)}, from ${signedPence(worst.peak)}${worst.peakAt === null ? ' at the start' : ` on ${formatDay(worst.peakAt)}`} to ${signedPence(worst.trough)}${worst.troughAt === null ? '' : ` on ${formatDay(worst.troughAt)}`}. At the end of the last day: ${signedPence(drawdown.at(-1)?.drawdown ?? 0)} below the best.`
        }
        days={drawdown.map((p) => p.day)}
        series={[{ label: 'Below the best so far', values: drawdown.map((p) => -p.drawdown), fill: true }]}
        columns={['Day', 'Cumulative profit', 'Best so far', 'Below the best']}
        rows={drawdown.map((p) => [formatDayKey(p.day), signedPence(p.cumulative), signedPence(p.peak), signedPence(p.drawdown)])}
        testId="chart-drawdown"
      />
      {progress === null || goalInfo === undefined ? (
        <p className="m-0 text-sm text-muted">Choose a monthly target above to see this month against it.</p>
      ) : (
        <Chart
          title="This month against your target"
          summary={`${signedPence(progress.profit)} settled this month (UK time) against your target of ${goalInfo.label}: ${
            progress.reachedMax
              ? 'the top of your target is reached'
              : progress.reachedMin
                ? `the lower end is reached; ${signedPence(progress.toMax)} to the top`
                : `${signedPence(progress.toMin)} to the lower end`
          }. A target is not a promise: results depend on the offers, your time and stakes.`}
          days={monthly.map((p) => p.day)}
          series={[
            { label: 'Profit this month', values: monthly.map((p) => p.cumulative) },
            { label: 'Lower end of target', values: monthly.map(() => progress.monthlyMin), dash: true },
            ...(progress.orMore ? [] : [{ label: 'Top of target', values: monthly.map(() => progress.monthlyMax), dash: true }]),
          ]}
          columns={['Day', 'Profit this month']}
          rows={monthly.map((p) => [formatDayKey(p.day), signedPence(p.cumulative)])}
          testId="chart-goal"
        >
          <p className="goal-bar">
            <label htmlFor="goal-progress">Progress to the lower end of your target</label>
            <progress id="goal-progress" max={100} value={Math.max(0, Math.min(100, Math.round(progress.shareOfMin * 100)))}>
              {Math.round(progress.shareOfMin * 100)}%
            </progress>
          </p>
        </Chart>
      )}
    </section>
  );
}

interface Series {
  readonly label: string;
  readonly values: readonly number[];
  readonly fill?: boolean;
  readonly dash?: boolean;
}

function Chart(props: {
  readonly title: string;
  readonly summary: string;
  readonly days: readonly string[];
  readonly series: readonly Series[];
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly testId: string;
  readonly children?: ReactNode;
}) {
  const id = useId();
  return (
    <figure className="tracker-chart" aria-labelledby={`${id}-title`} data-testid={props.testId}>
      <h3 id={`${id}-title`}>{props.title}</h3>
      <figcaption>{props.summary}</figcaption>
      {props.children}
      {props.days.length === 0 ? null : (
        <>
          <Plot days={props.days} series={props.series} />
          <details>
            <summary>The figures as a table</summary>
            <div className="overflow-x-auto" role="region" aria-label={`${props.title}: figures`} tabIndex={0}>
              <table>
                <caption className="visually-hidden">{props.title}: figures by UK day</caption>
                <thead>
                  <tr>
                    {props.columns.map((c) => (
                      <th scope="col" key={c}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {props.rows.map((r, i) => (
                    <tr key={i}>
                      {r.map((cell, j) =>
                        j === 0 ? (
                          <th scope="row" key={j}>
                            {cell}
                          </th>
                        ) : (
                          <td key={j}>{cell}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}

const HEIGHT = 220;

/** The chart itself: uPlot on a canvas sized to its box, redrawn when the box or the figures change. */
function Plot({ days, series }: { readonly days: readonly string[]; readonly series: readonly Series[] }) {
  const box = useRef<HTMLDivElement>(null);
  // Redrawn when the figures change, not on every render (the props are new arrays each time).
  const key = JSON.stringify([days, series]);
  useEffect(() => {
    const [days, series] = JSON.parse(key) as [readonly string[], readonly Series[]];
    const el = box.current;
    if (el === null) return undefined;
    const css = getComputedStyle(el);
    const accent = css.getPropertyValue('--accent').trim() || '#1f4fd1';
    const muted = css.getPropertyValue('--muted').trim() || '#4a5368';
    const text = css.getPropertyValue('--text').trim() || '#1b2130';
    const grid = css.getPropertyValue('--border').trim() || '#cfd5e2';
    // UK noon of each day, in seconds (uPlot's time scale).
    const xs = days.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000);
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const DAY_S = 86_400;
    const plot = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Europe/London'),
        legend: { show: false },
        cursor: { show: false },
        // The data's own days (a week at least, centred), not uPlot's default of years around one point.
        scales: { x: { time: true, range: (_u, min, max) => dayAxisRange(min, max) } },
        axes: [
          // Whole UK days, written as a UK reader does ("18 Nov"), the year on the first and where it changes.
          {
            ...axis,
            space: 72,
            incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 28 * DAY_S, 91 * DAY_S, 365 * DAY_S],
            values: (_u, ticks) => dayAxisLabels(ticks),
          },
          { ...axis, size: 70, values: (_u, ticks) => ticks.map((v) => signedPence(v)) },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.dash === true ? muted : accent,
            width: 2,
            ...(s.dash === true ? { dash: [6, 4] } : {}),
            // A translucent fill under the line, when the accent is a plain hex colour.
            ...(s.fill === true && /^#[0-9a-f]{6}$/i.test(accent) ? { fill: `${accent}33` } : {}),
            points: { show: s.dash !== true && days.length < 40 },
          })),
        ],
      },
      [xs, ...series.map((s) => [...s.values])],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [key]);
  return <div ref={box} className="plot" aria-hidden="true" />;
}
