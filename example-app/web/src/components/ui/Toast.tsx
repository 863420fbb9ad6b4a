// A toast: a short message that appears at the bottom of the screen and goes by itself, with its
// status's icon and word (colour is never the only cue) and a close button. It never takes the
// focus. Put it in a live region that is always in the page (ToastRegion), so that screen readers
// announce it: polite for a success, assertive for an error or a warning.
import type { ReactNode } from 'react';
import { CircleCheck, CircleX, TriangleExclamationPoint, X } from 'lucide-react';
import { IconButton } from './Button';
import { cx } from './cx';

export type ToastStatus = 'success' | 'error' | 'warning';

const WORD: Readonly<Record<ToastStatus, string>> = { success: 'Success', error: 'Error', warning: 'Warning' };
const ICON = { success: CircleCheck, error: CircleX, warning: TriangleExclamationPoint } as const;
const TONE: Readonly<Record<ToastStatus, string>> = {
  success: 'border-l-success',
  error: 'border-l-danger',
  warning: 'border-l-warning',
};
const ICON_TONE: Readonly<Record<ToastStatus, string>> = { success: 'text-success', error: 'text-danger', warning: 'text-warning' };

export interface ToastProps {
  readonly status: ToastStatus;
  /** A heading; without it the status's word is the heading. */
  readonly title?: string | undefined;
  readonly message: ReactNode;
  readonly onClose: () => void;
  /** The close button's name (default "Close notification"). */
  readonly closeLabel?: string | undefined;
}

/**
 * @example
 * <ToastRegion politeness="polite">{shown && <Toast status="success" message="Bet saved" onClose={close} />}</ToastRegion>
 */
export function Toast({ status, title, message, onClose, closeLabel = 'Close notification' }: ToastProps) {
  const Icon = ICON[status];
  return (
    <div
      className={cx(
        'pointer-events-auto flex items-start gap-3 rounded-control border border-l-[0.4rem] border-border bg-surface py-2 pr-2 pl-4 text-text shadow-overlay',
        TONE[status],
      )}
      data-status={status}
    >
      <Icon aria-hidden="true" focusable="false" size={22} className={cx('mt-1 shrink-0', ICON_TONE[status])} />
      <div className="min-w-0 flex-1 py-1">
        <p className="m-0">
          <strong>{title ?? WORD[status]}</strong>
          {title === undefined ? null : <span className="visually-hidden"> ({WORD[status]})</span>}
        </p>
        <p className="m-0">{message}</p>
      </div>
      <IconButton icon={X} label={closeLabel} onClick={onClose} className="size-11" />
    </div>
  );
}

export interface ToastRegionProps {
  /** polite (role="status") for a success; assertive (role="alert") for an error or a warning. */
  readonly politeness: 'polite' | 'assertive';
  readonly className?: string | undefined;
  readonly children?: ReactNode;
}

/**
 * A live region for toasts, always rendered (empty until a toast is put in it), so that what is put
 * in it is announced. Place regions in a {@link ToastViewport}.
 *
 * @example
 * <ToastViewport><ToastRegion politeness="polite">{toast}</ToastRegion></ToastViewport>
 */
export function ToastRegion({ politeness, className, children }: ToastRegionProps) {
  return (
    <div
      role={politeness === 'polite' ? 'status' : 'alert'}
      aria-live={politeness}
      aria-atomic="true"
      className={cx('empty:hidden', className)}
    >
      {children}
    </div>
  );
}

/**
 * Where toasts appear: the bottom of the viewport, centred, never wider than a phone's screen; it
 * lets presses through to the page around its toasts.
 *
 * @example
 * <ToastViewport><ToastRegion politeness="assertive">{error}</ToastRegion></ToastViewport>
 */
export function ToastViewport({ className, children }: { readonly className?: string | undefined; readonly children: ReactNode }) {
  return (
    <div
      className={cx(
        'pointer-events-none fixed bottom-4 left-1/2 z-40 grid w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 gap-2',
        className,
      )}
    >
      {children}
    </div>
  );
}
