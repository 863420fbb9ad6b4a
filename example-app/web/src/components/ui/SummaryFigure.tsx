// One figure of a summary strip (the tracker's, the balance sheet's, a slot session's): its name
// above, the figure large in tabular digits, a line of context below. The strip is a <dl> with a grid.
import type { ReactNode } from 'react';

export interface SummaryFigureProps {
  /** What the figure is ("Settled profit"): the term of the list. */
  readonly label: string;
  /** The figure, formatted ("£120.50"). */
  readonly children: ReactNode;
  /** A line of context under the figure ("12 bets"). */
  readonly note?: ReactNode;
  readonly testId?: string;
}

/**
 * @example
 * <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
 *   <SummaryFigure label="Staked" note="12 bets">£120.00</SummaryFigure>
 * </dl>
 */
export function SummaryFigure({ label, children, note, testId }: SummaryFigureProps) {
  return (
    <div className="min-w-0 rounded-control border border-border bg-surface px-3 py-2">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="m-0 text-xl font-semibold tabular-nums whitespace-nowrap" data-testid={testId}>
        {children}
      </dd>
      {note === undefined ? null : <dd className="m-0 text-sm text-muted">{note}</dd>}
    </div>
  );
}
