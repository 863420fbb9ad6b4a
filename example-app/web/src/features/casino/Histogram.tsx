// The outcome distribution of a wagering simulation: the sdk's final-balance histogram as a small
// SVG bar chart, with marks for the deposit (break-even), the closed-form expectation and the
// simulated mean. The chart is a picture for sighted members; its figcaption says the same in
// words and a table under it lists every bin. Its strokes and fills are token utilities (so they
// follow the theme); the bars are sized by SVG attributes, never by inline styles (the CSP).
import type { HistogramBin } from '@matchkit/sdk/casino';
import { formatPence } from '../../components/money';
import { cx, Table, Td, Th } from '../../components/ui';

export interface HistogramMark {
  readonly label: string;
  /** Where, in pence. */
  readonly at: number;
  /** How the line is drawn (each has its colour and dash). */
  readonly kind: HistogramMarkKind;
}

/** The marks a histogram draws: the deposit (break-even), the expected and the simulated mean balance. */
export type HistogramMarkKind = 'deposit' | 'expected' | 'mean';

/** Each mark's line in the chart and its sample in the key: colour and dash, light and dark. */
const MARK_STYLE: Readonly<Record<HistogramMarkKind, { readonly line: string; readonly key: string }>> = {
  deposit: { line: 'stroke-muted [stroke-dasharray:6_4]', key: 'border-muted border-dashed' },
  expected: { line: 'stroke-warning', key: 'border-warning border-solid' },
  mean: { line: 'stroke-danger [stroke-dasharray:2_3]', key: 'border-danger border-dotted' },
};

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { top: 10, right: 4, bottom: 4, left: 4 };

export function Histogram({
  bins,
  marks,
  summary,
  runs,
}: {
  readonly bins: readonly HistogramBin[];
  readonly marks: readonly HistogramMark[];
  readonly summary: string;
  readonly runs: number;
}) {
  const first = bins[0];
  const last = bins.at(-1);
  if (first === undefined || last === undefined) return null;
  const low = Math.min(0, ...marks.map((m) => m.at));
  const high = Math.max(last.to, ...marks.map((m) => m.at), 1);
  const most = Math.max(...bins.map((b) => b.count), 1);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (pence: number) => PAD.left + ((pence - low) / (high - low)) * plotWidth;
  const y = (count: number) => PAD.top + plotHeight - (count / most) * plotHeight;
  // A histogram of one bin [0, 0] (every run ended on nothing) is drawn as a thin bar at 0.
  const barWidth = (b: HistogramBin) => Math.max(2, x(b.to) - x(b.from) - 1);
  return (
    <figure className="mx-0 my-4">
      <svg
        className="block h-auto w-full"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Histogram of the final balance over ${runs.toLocaleString('en-GB')} runs. ${summary}`}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plotHeight} y2={PAD.top + plotHeight} className="stroke-muted stroke-1" />
        {bins.map((b) => (
          <rect
            key={b.from}
            className="fill-accent opacity-55"
            x={x(b.from)}
            y={y(b.count)}
            width={barWidth(b)}
            height={PAD.top + plotHeight - y(b.count)}
          />
        ))}
        {marks.map((m) => (
          <line
            key={m.label}
            className={cx('stroke-3', MARK_STYLE[m.kind].line)}
            x1={x(m.at)}
            x2={x(m.at)}
            y1={PAD.top}
            y2={PAD.top + plotHeight}
          />
        ))}
      </svg>
      <p className="mx-0 my-1 flex justify-between text-sm text-muted tabular-nums" aria-hidden="true">
        <span>{formatPence(low)}</span>
        <span>{formatPence(Math.round(high))}</span>
      </p>
      <ul className="mx-0 my-2 list-none p-0 text-sm">
        {marks.map((m) => (
          <li key={m.label}>
            <span className={cx('inline-block w-6 border-0 border-t-3 align-middle', MARK_STYLE[m.kind].key)} aria-hidden="true" />{' '}
            {m.label}: {formatPence(Math.round(m.at))}
          </li>
        ))}
      </ul>
      <figcaption className="my-2">{summary}</figcaption>
      <details>
        <summary className="cursor-pointer font-semibold">The runs by final balance</summary>
        <Table caption="Runs by final balance" captionHidden className="mt-2 max-h-80 overflow-y-auto">
          <thead className="sticky top-0">
            <tr>
              <Th>Final balance</Th>
              <Th numeric>Runs</Th>
            </tr>
          </thead>
          <tbody>
            {bins.map((b) => (
              <tr key={b.from}>
                <Th scope="row" className="whitespace-nowrap tabular-nums">
                  {formatPence(Math.round(b.from))} to {formatPence(Math.round(b.to))}
                </Th>
                <Td numeric>{b.count.toLocaleString('en-GB')}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </figure>
  );
}
