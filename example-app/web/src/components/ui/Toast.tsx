// A toast: a short message that appears at the bottom of the screen and goes by itself, with its
// status's icon and word (colour is never the only cue) and a close button. It never takes the
// focus. Put it in a live region that is always in the page (ToastRegion), so that screen readers
// announce it: polite for a success, assertive for an error or a warning (ToastRegion.tsx).
// Its icons are drawn here, not imported from lucide: the notification modal is on every page, the
// first one included, which then carries no icon library.
import type { ReactNode } from 'react';
import { buttonClass } from './Button';
import { cx } from './cx';
import { StrokeIcon } from './StrokeIcon';

export type ToastStatus = 'success' | 'error' | 'warning';

const WORD: Readonly<Record<ToastStatus, string>> = { success: 'Success', error: 'Error', warning: 'Warning' };
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
  return (
    <div
      className={cx(
        'pointer-events-auto flex items-start gap-3 rounded-control border border-l-[0.4rem] border-border bg-surface py-2 pr-2 pl-4 text-text shadow-overlay',
        TONE[status],
      )}
      data-status={status}
    >
      <StatusIcon status={status} className={cx('mt-1 shrink-0', ICON_TONE[status])} />
      <div className="min-w-0 flex-1 py-1">
        <p className="m-0">
          <strong>{title ?? WORD[status]}</strong>
          {title === undefined ? null : <span className="visually-hidden"> ({WORD[status]})</span>}
        </p>
        <p className="m-0">{message}</p>
      </div>
      <button
        type="button"
        aria-label={closeLabel}
        title={closeLabel}
        onClick={onClose}
        className={buttonClass({ variant: 'ghost', iconOnly: true, className: 'size-11' })}
      >
        <StrokeIcon>
          <path d="M18 6 6 18M6 6l12 12" />
        </StrokeIcon>
      </button>
    </div>
  );
}

/** A distinct shape per status (a tick in a circle, a cross in a circle, an exclamation in a triangle), decorative: the word says it. */
function StatusIcon({ status, className }: { readonly status: ToastStatus; readonly className: string }) {
  return (
    <StrokeIcon className={className}>
      {status === 'success' ? (
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="M7 12.5l3.2 3.2L17 9" />
        </>
      ) : status === 'error' ? (
        <>
          <circle cx="12" cy="12" r="10" />
          <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" />
        </>
      ) : (
        <>
          <path d="M12 3L22 20H2z" />
          <path d="M12 9.5v4.5M12 17h.01" />
        </>
      )}
    </StrokeIcon>
  );
}
