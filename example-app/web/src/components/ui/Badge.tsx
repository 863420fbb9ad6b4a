// A badge: a short status or label beside something ("Recommended", "Locked", "Won"). Its colour is
// never the only sign: the word says it.
import type { HTMLAttributes } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cx } from './cx';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

const TONES: Readonly<Record<BadgeTone, string>> = {
  neutral: 'border-border bg-surface-muted text-muted',
  accent: 'border-transparent bg-accent-soft text-accent',
  success: 'border-transparent bg-success-bg text-success',
  warning: 'border-transparent bg-warning-bg text-warning',
  danger: 'border-transparent bg-danger-bg text-danger',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  readonly tone?: BadgeTone | undefined;
  /** A lucide icon before the word, hidden from screen readers. */
  readonly icon?: LucideIcon | undefined;
}

/**
 * @example
 * <Badge tone="accent">Recommended</Badge>
 * <Badge tone="success" icon={Check}>Won</Badge>
 */
export function Badge({ tone = 'neutral', icon: Icon, className, children, ...rest }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-pill border px-2 py-0.5 text-xs leading-5 font-semibold whitespace-nowrap',
        TONES[tone],
        className,
      )}
      {...rest}
    >
      {Icon === undefined ? null : <Icon aria-hidden="true" focusable="false" size={14} className="shrink-0" />}
      {children}
    </span>
  );
}
