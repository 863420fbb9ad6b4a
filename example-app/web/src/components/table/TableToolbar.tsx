// The two controls above a tool's table, so the table starts within the first screen:
// - FilterBar: the filters in a disclosure that starts closed, its summary line naming the active
//   filters (open while a filter needs correcting, so its message is seen);
// - InfoDisclosure: the page's explanation behind an info button, opening over the page.
// Both are native <details>/<summary> (keyboard and screen readers know them, no script needed).
import { useState, type ReactNode } from 'react';
import { ChevronDown, Info, SlidersHorizontal } from 'lucide-react';

export interface FilterBarProps {
  /** The form's accessible name is given by the form itself; this is the summary's first word. @defaultValue 'Filters' */
  readonly title?: string;
  /** The active filters in a few words ("Rating · £10 stake · 500 rows"). */
  readonly summary: ReactNode;
  /** Open whatever the member chose (a filter needs correcting). */
  readonly forceOpen?: boolean;
  readonly children: ReactNode;
}

export function FilterBar({ title = 'Filters', summary, forceOpen = false, children }: FilterBarProps) {
  const [open, setOpen] = useState(false);
  const shown = open || forceOpen;
  return (
    <details
      className="group filter-bar min-w-0 rounded-control border border-border bg-surface"
      open={shown}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-1.5 text-sm [&::-webkit-details-marker]:hidden">
        <SlidersHorizontal aria-hidden="true" size={16} className="shrink-0 text-muted" />
        <span className="shrink-0 font-semibold whitespace-nowrap">{title}</span>
        <span className="min-w-0 truncate text-muted">{summary}</span>
        <ChevronDown aria-hidden="true" size={16} className="ml-auto shrink-0 text-muted transition-transform group-open:rotate-180" />
      </summary>
      <div className="border-t border-border px-3 pt-2">{children}</div>
    </details>
  );
}

export interface InfoDisclosureProps {
  /** The button's words ("How it ranks"). */
  readonly label: string;
  readonly children: ReactNode;
}

export function InfoDisclosure({ label, children }: InfoDisclosureProps) {
  return (
    <details className="info-disclosure relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-control px-2 py-1 text-sm text-accent [&::-webkit-details-marker]:hidden">
        <Info aria-hidden="true" size={16} />
        {label}
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-[min(40rem,calc(100vw-2rem))] rounded-control border border-border bg-surface px-4 py-1 text-sm shadow-raised">
        {children}
      </div>
    </details>
  );
}
