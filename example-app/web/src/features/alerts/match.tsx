// The page an alert's link opens (`match=`: a match's key, the server's alertHref): the row of that
// match tinted with the accent, and a notice when the list no longer has it. The oddsmatcher and
// the finder pages alerts watch share both.
import { cx } from '../../components/ui';

/** The tint of the row an alert opened the page at (with DataTable's `current`, which scrolls to and focuses it). */
export const CURRENT_MATCH_ROW = 'bg-accent-soft shadow-[inset_4px_0_0_var(--accent)]';

/** Above the table when the page was opened at a match (an alert's link) that the list no longer has. */
export function MatchGoneNotice({ className }: { readonly className?: string | undefined }) {
  return (
    <p className={cx(className, 'm-0 rounded-control border border-warning bg-warning-bg px-3 py-2 text-sm')} role="status">
      That match is no longer available: its prices have moved, or it no longer passes these filters. The matches below pass them now.
    </p>
  );
}
