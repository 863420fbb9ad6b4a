// The 18+ mark beside the responsible-gambling line: a ringed "18+", named "18 plus" for screen
// readers. It is an image of a sign (role="img"), so it may carry that name: aria-label on an element
// without a role (a <strong>, a <span>) is not allowed, and screen readers may ignore it.
import { cx } from './cx';

/**
 * @example
 * <p><AdultsMark /> For adults in the UK.</p>
 */
export function AdultsMark({ className }: { readonly className?: string | undefined }) {
  return (
    <span
      role="img"
      aria-label="18 plus"
      className={cx(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-pill border-2 border-current text-xs font-bold',
        className,
      )}
    >
      18+
    </span>
  );
}
