// Something failed: the message (a sentence a person can act on: components/errors.ts makes one of
// any request's failure) in the danger colour with its icon, announced at once (role="alert"), and
// a way on (try again, reload). The border and the role say it is an error, not the colour alone.
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cx } from './cx';

export interface ErrorStateProps {
  /** What went wrong and what to do, in plain words. */
  readonly message: ReactNode;
  /** A heading above the message, for a whole page or section that failed. */
  readonly title?: ReactNode;
  /** A button or link to recover ("Try again"). */
  readonly action?: ReactNode;
  /** A lucide icon before the message (none by default: the first page shows this state and carries no icon code). */
  readonly icon?: LucideIcon | undefined;
  readonly className?: string | undefined;
}

/**
 * @example
 * <ErrorState message={describeError(query.error)} action={<Button onClick={() => query.refetch()}>Try again</Button>} />
 */
export function ErrorState({ message, title, action, icon: Icon, className }: ErrorStateProps) {
  return (
    <div className={cx('my-3 flex gap-3 rounded-card border border-danger bg-danger-bg p-4 text-text', className)} role="alert">
      {Icon === undefined ? null : <Icon aria-hidden="true" focusable="false" size={20} className="mt-0.5 shrink-0 text-danger" />}
      <div className="min-w-0 flex-1">
        {title === undefined ? null : <p className="m-0 mb-1 font-semibold">{title}</p>}
        <p className="m-0 text-danger">{message}</p>
        {action === undefined ? null : <div className="mt-3 flex flex-wrap gap-2">{action}</div>}
      </div>
    </div>
  );
}
