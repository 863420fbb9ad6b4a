// The tracker's charts, a chunk of their own (with uPlot) that only the profit tracker loads:
// the cumulative settled profit by UK day (the sdk's cumulativeProfit), its drawdown (the sdk's
// drawdownSeries and maxDrawdown) and this month's profit against the member's monthly target (the
// sdk's goalProgress). A canvas says nothing to a screen reader, so each chart has its summary in
// words as its caption and its figures in a table; the canvas itself is hidden from assistive tech.
import { useEffect, useId, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { betFromWire } from '@matchkit/app-contract';
import { useBrand, useNow } from '@matchkit/react';
import {
  cumulativeProfit,
  drawdownSeries,
  goalProgress,
  maxDrawdown,
  type CumulativePoint,
  type DrawdownPoint,
  type TrackedBetInput,
} from '@matchkit/sdk/tracker';
import type { GqlTrackedBet } from '@matchkit/sdk/transport';
import { formatPence } from '../../components/money';
import { ErrorMessage } from '../../components/Status';
import { DataTable, type DataColumn } from '../../components/table';
import { londonMonth } from './filters';
import { dayAxisLabels, dayScaleRange } from './chartAxis';
import { formatDay, formatDayKey } from './labels';

export interface TrackerChartsProps {
  readonly bets: readonly GqlTrackedBet[];
  /** The member's onboarding goal id, or null when they chose none. */
  readonly goal: string | null;
  /** True when the bets are a filtered view. */
  readonly filtered: boolean;
  /** The member's uid: the key the figure tables' column choices are kept under. */
  readonly member: string;
}

/** A day's point of a chart: its UK day (YYYY-MM-DD) and its figures. */
interface DayPoint {
  readonly day: string;
}

/** The figure tables' first column: the UK day, each row's header. */
function dayColumn<P extends DayPoint>(): DataColumn<P> {
  return { id: 'day', header: 'Day', cell: (p) => formatDayKey(p.day), rowHeader: true, sortValue: (p) => p.day };
}

/** A column of signed amounts in pounds. */
function moneyColumn<P extends DayPoint>(id: string, header: string, pence: (p: P) => number): DataColumn<P> {
  return { id, header, cell: (p) => formatPence(pence(p)), numeric: true, sortValue: pence };
}

const PROFIT_COLUMNS: readonly DataColumn<CumulativePoint>[] = [
  dayColumn(),
  moneyColumn('profit', 'Profit that day', (p) => p.profit),
  moneyColumn('cumulative', 'Cumulative profit', (p) => p.cumulative),
];
const DRAWDOWN_COLUMNS: readonly DataColumn<DrawdownPoint>[] = [
  dayColumn(),
  moneyColumn('cumulative', 'Cumulative profit', (p) => p.cumulative),
  moneyColumn('peak', 'Best so far', (p) => p.peak),
  moneyColumn('drawdown', 'Below the best', (p) => p.drawdown),
];
const MONTH_COLUMNS: readonly DataColumn<CumulativePoint>[] = [
  dayColumn(),
  moneyColumn('cumulative', 'Profit this month', (p) => p.cumulative),
];

export function TrackerCharts({ bets, goal, filtered, member }: TrackerChartsProps) {
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
    <section aria-labelledby="tracker-charts" className="my-6">
      <h2 id="tracker-charts" className="mb-2 text-lg font-semibold">
        Charts{filtered ? ' (filtered)' : ''}
      </h2>
      <Chart
        title="Profit over time"
        summary={
          last === undefined || first === undefined
            ? 'No settled bets yet: the chart starts when your first bet is settled.'
            : cumulative.length === 1
              ? `Settled profit on one day, ${formatDayKey(first.day)}: ${formatPence(last.cumulative)} in all.`
              : `Settled profit on ${cumulative.length} days, from ${formatDayKey(first.day)} to ${formatDayKey(last.day)}: ${formatPence(last.cumulative)} in all.`
        }
        days={cumulative.map((p) => p.day)}
        series={[{ label: 'Cumulative profit', values: cumulative.map((p) => p.cumulative) }]}
        columns={PROFIT_COLUMNS}
        rows={cumulative}
        member={member}
        testId="chart-profit"
      />
      <Chart
        title="Drawdown"
        summary={
          drawdown.length === 0
            ? 'No settled bets yet.'
            : worst.amount === 0
              ? 'Your settled profit has not fallen below its best so far.'
              : `Largest fall from a high: ${formatPence(worst.amount)}, from ${formatPence(worst.peak)}${worst.peakAt === null ? ' at the start' : ` on ${formatDay(worst.peakAt)}`} to ${formatPence(worst.trough)}${worst.troughAt === null ? '' : ` on ${formatDay(worst.troughAt)}`}. At the end of the last day: ${formatPence(drawdown.at(-1)?.drawdown ?? 0)} below the best.`
        }
        days={drawdown.map((p) => p.day)}
        series={[{ label: 'Below the best so far', values: drawdown.map((p) => -p.drawdown), fill: true }]}
        columns={DRAWDOWN_COLUMNS}
        rows={drawdown}
        member={member}
        testId="chart-drawdown"
      />
      {progress === null || goalInfo === undefined ? (
        <p className="m-0 text-sm text-muted">
          Choose a <a href="#monthly-target">monthly target</a> further down this page to see this month against it.
        </p>
      ) : (
        <Chart
          title="This month against your target"
          summary={`${formatPence(progress.profit)} settled this month (UK time) against your target of ${goalInfo.label}: ${
            progress.reachedMax
              ? 'the top of your target is reached'
              : progress.reachedMin
                ? `the lower end is reached; ${formatPence(progress.toMax)} to the top`
                : `${formatPence(progress.toMin)} to the lower end`
          }. A target is not a promise: results depend on the offers, your time and stakes.`}
          days={monthly.map((p) => p.day)}
          series={[
            { label: 'Profit this month', values: monthly.map((p) => p.cumulative) },
            { label: 'Lower end of target', values: monthly.map(() => progress.monthlyMin), dash: true },
            ...(progress.orMore ? [] : [{ label: 'Top of target', values: monthly.map(() => progress.monthlyMax), dash: true }]),
          ]}
          columns={MONTH_COLUMNS}
          rows={monthly}
          member={member}
          testId="chart-goal"
        >
          <p className="flex flex-wrap items-center gap-2">
            <label htmlFor="goal-progress">Progress to the lower end of your target</label>
            <progress
              id="goal-progress"
              className="h-4 max-w-sm flex-[1_1_12rem] accent-accent"
              max={100}
              value={Math.max(0, Math.min(100, Math.round(progress.shareOfMin * 100)))}
            >
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

function Chart<P extends DayPoint>(props: {
  readonly title: string;
  readonly summary: string;
  readonly days: readonly string[];
  readonly series: readonly Series[];
  readonly columns: readonly DataColumn<P>[];
  readonly rows: readonly P[];
  readonly member: string;
  readonly testId: string;
  readonly children?: ReactNode;
}) {
  const id = useId();
  return (
    <figure className="m-0 mb-6 min-w-0" aria-labelledby={`${id}-title`} data-testid={props.testId}>
      <h3 id={`${id}-title`} className="m-0 mb-1 text-base font-semibold">
        {props.title}
      </h3>
      <figcaption className="mb-2">{props.summary}</figcaption>
      {props.children}
      {props.days.length === 0 ? null : (
        <>
          <Plot days={props.days} series={props.series} />
          <details>
            <summary className="cursor-pointer">The figures as a table</summary>
            <DataTable
              id={`tracker-${props.testId}`}
              member={props.member}
              label={`${props.title}: figures by UK day`}
              columns={props.columns}
              rows={props.rows}
              rowKey={(p) => p.day}
              maxHeight="24rem"
            />
          </details>
        </>
      )}
    </figure>
  );
}

const HEIGHT = 220;

const DARK = '(prefers-color-scheme: dark)';

/** Whether the system's dark scheme is on (the tokens' dark colours apply), following its changes. */
function useDarkScheme(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(DARK);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(DARK).matches,
    () => false,
  );
}

/**
 * A colour token of styles/tokens.css as the canvas takes it: the computed `rgb(…)` of a probe
 * coloured with it inside `box` (so the scheme and the brand's accent in force there apply).
 */
function tokenColour(box: HTMLElement, token: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(--${token})`;
  box.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

/** A computed `rgb(r, g, b)` colour at the given opacity; undefined for any other form. */
function translucent(colour: string, alpha: number): string | undefined {
  const rgb = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(colour);
  return rgb === null ? undefined : `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})`;
}

/**
 * The chart itself: uPlot on a canvas sized to its box, in the tokens' colours, redrawn when the
 * box, the figures or the colour scheme change.
 */
function Plot({ days, series }: { readonly days: readonly string[]; readonly series: readonly Series[] }) {
  const box = useRef<HTMLDivElement>(null);
  const dark = useDarkScheme();
  // Redrawn when the figures change, not on every render (the props are new arrays each time).
  const key = JSON.stringify([days, series]);
  useEffect(() => {
    const [days, series] = JSON.parse(key) as [readonly string[], readonly Series[]];
    const el = box.current;
    if (el === null) return undefined;
    const accent = tokenColour(el, 'accent');
    const muted = tokenColour(el, 'muted');
    const text = tokenColour(el, 'text');
    const grid = tokenColour(el, 'border');
    const fill = translucent(accent, 0.2);
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
        scales: { x: { time: true, range: dayScaleRange(xs) } },
        axes: [
          // Whole UK days, written as a UK reader does ("18 Nov"), the year on the first and where it changes.
          {
            ...axis,
            space: 72,
            incrs: [DAY_S, 2 * DAY_S, 7 * DAY_S, 14 * DAY_S, 28 * DAY_S, 91 * DAY_S, 365 * DAY_S],
            values: (_u, ticks) => dayAxisLabels(ticks),
          },
          { ...axis, size: 70, values: (_u, ticks) => ticks.map((v) => formatPence(v)) },
        ],
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.dash === true ? muted : accent,
            width: 2,
            ...(s.dash === true ? { dash: [6, 4] } : {}),
            // A translucent fill of the accent under the line.
            ...(s.fill === true && fill !== undefined ? { fill } : {}),
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
  }, [key, dark]);
  return <div ref={box} className="min-h-55 w-full overflow-hidden" aria-hidden="true" />;
}
