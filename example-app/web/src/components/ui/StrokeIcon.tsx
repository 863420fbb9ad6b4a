// A 24-unit line icon drawn in place (lucide's grid and stroke): for the few icons the shell and the
// toast show on every first page, which then carry no icon library. Decorative: the control around
// it is named.
import type { ReactNode } from 'react';

/** The icon's paths in a 22 px, currentColor, round-stroked frame, hidden from assistive technology. */
export function StrokeIcon({ className, children }: { readonly className?: string; readonly children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}
