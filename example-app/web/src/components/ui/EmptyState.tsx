// Nothing to show yet: an icon, a sentence saying why, and the action that fills it ("Record your
// first bet"). For an empty table or list, never a blank area.
import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cx } from './cx';

export interface EmptyStateProps {
  /** A short heading: "No bets yet". */
  readonly title: ReactNode;
  /** What would be here and how to get it. */
  readonly description?: ReactNode;
  /** A lucide icon above the title, decorative. */
  readonly icon?: LucideIcon | undefined;
  /** The button or link that fills it. */
  readonly action?: ReactNode;
  readonly className?: string | undefined;
}

/**
 * @example
 * <EmptyState icon={Inbox} title="No bets yet" description="Bets you record appear here." action={<Button onClick={open}>Record a bet</Button>} />
 */
export function EmptyState({ title, description, icon: Icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        'my-3 flex flex-col items-center gap-2 rounded-card border border-dashed border-border-strong px-4 py-8 text-center',
        className,
      )}
    >
      {Icon === undefined ? null : <Icon aria-hidden="true" focusable="false" size={32} className="text-muted" />}
      <p className="m-0 text-lg font-semibold">{title}</p>
      {description === undefined ? null : <p className="m-0 max-w-reading text-muted">{description}</p>}
      {action === undefined ? null : <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
