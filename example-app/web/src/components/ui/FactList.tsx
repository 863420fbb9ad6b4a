// Figures as rows of term and value, the term at the left and its figure at the right: for figures
// that carry words ("£350.00 (3,500 spins at your stake)"), where a summary strip's big numbers
// would not fit. One row a line, divided by rules; a row wraps its figure under the term when narrow,
// still at the right.
import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

/**
 * @example
 * <FactList>
 *   <FactRow term="Expected cost of the wagering">£70.00</FactRow>
 *   <FactRow term="Expected value of the offer" strong>−£20.00</FactRow>
 * </FactList>
 */
export function FactList({ className, children, ...rest }: HTMLAttributes<HTMLDListElement>) {
  return (
    <dl className={cx('m-0 mb-3 divide-y divide-border border-y border-border', className)} {...rest}>
      {children}
    </dl>
  );
}

export interface FactRowProps {
  readonly term: ReactNode;
  /** The figure the member is here for: larger and bold. */
  readonly strong?: boolean;
  readonly testId?: string;
  readonly children: ReactNode;
}

/** One row of a {@link FactList}. */
export function FactRow({ term, strong = false, testId, children }: FactRowProps) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
      <dt className="text-muted">{term}</dt>
      <dd className={cx('m-0 ml-auto text-right tabular-nums', strong ? 'text-lg font-bold' : 'font-semibold')} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
