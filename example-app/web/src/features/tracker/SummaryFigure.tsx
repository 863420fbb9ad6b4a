// One figure of a summary strip (the tracker's, the balance sheet's): its name above, the figure
// large in tabular digits, a line of context below. Give the strip a <dl> with a grid.
import type { ReactNode } from 'react';

export function SummaryFigure({
  label,
  children,
  note,
  testId,
}: {
  readonly label: string;
  readonly children: ReactNode;
  readonly note?: ReactNode;
  readonly testId?: string;
}) {
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
