// Something is on its way: a spinner beside a label, announced politely (role="status"), or, where
// the shape of what comes is known (a table, a list of cards), skeleton rows in its place, with the
// label for screen readers. The spinner stands still for those who ask for reduced motion. It is a
// bordered circle, not an icon: the first page shows it, and it carries no icon code there.
import { cx } from './cx';

export interface LoadingStateProps {
  /** What is loading, read by screen readers and shown beside the spinner. */
  readonly label?: string | undefined;
  /** Skeleton rows instead of the spinner: how many grey bars to show. */
  readonly skeletonRows?: number | undefined;
  readonly className?: string | undefined;
}

/**
 * @example
 * <LoadingState label="Loading your bets…" />
 * <LoadingState label="Loading matches…" skeletonRows={8} />
 */
export function LoadingState({ label = 'Loading…', skeletonRows, className }: LoadingStateProps) {
  if (skeletonRows !== undefined) {
    return (
      <div className={cx('grid gap-2', className)} role="status" aria-live="polite">
        <span className="visually-hidden">{label}</span>
        {Array.from({ length: skeletonRows }, (_, i) => (
          <div key={i} aria-hidden="true" className="h-8 animate-pulse rounded-sm bg-surface-sunken motion-reduce:animate-none" />
        ))}
      </div>
    );
  }
  return (
    <p className={cx('my-3 flex items-center gap-2 text-muted', className)} role="status" aria-live="polite">
      <span
        aria-hidden="true"
        className="inline-block size-4 shrink-0 animate-spin rounded-pill border-2 border-current border-t-transparent motion-reduce:animate-none"
      />
      {label}
    </p>
  );
}
