// Where toasts appear (components/ui/Toast.tsx): live regions always in the page, empty until a
// toast is put in them, at the bottom of the viewport. A file of its own, without icons, so that
// the shell can render the regions on every page and load the Toast itself when one is shown.
import type { ReactNode } from 'react';
import { cx } from './cx';

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
