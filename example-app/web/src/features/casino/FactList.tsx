// The figures of a casino tool as a list of rows, the term at the left and its figure at the right
// (a figure here can carry words: "£350.00 (3,500 spins at your stake)"), one row a line.
import type { ReactNode } from 'react';
import { cx } from '../../components/ui';

export function FactList({ children }: { readonly children: ReactNode }) {
  return <dl className="m-0 mb-3 divide-y divide-border border-y border-border">{children}</dl>;
}

/** One row of a {@link FactList}; `strong` for the figure the member is here for. */
export function FactRow({
  term,
  strong = false,
  children,
}: {
  readonly term: string;
  readonly strong?: boolean;
  readonly children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
      <dt className="text-muted">{term}</dt>
      <dd className={cx('m-0 text-right tabular-nums', strong ? 'text-lg font-bold' : 'font-semibold')}>{children}</dd>
    </div>
  );
}
