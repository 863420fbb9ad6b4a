// The bar's icons: small inline SVGs drawn with the text colour (no icon font, no image request).
// They are decorative: each link's text names it, so every icon is hidden from assistive tech.
import type { ReactElement } from 'react';

function Svg({ children }: { readonly children: ReactElement | ReactElement[] }) {
  return (
    <svg
      className="shrink-0"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const ICONS: Readonly<Record<string, () => ReactElement>> = {
  odds: () => (
    <Svg>
      <path d="M4 17l5-5 4 4 7-8" />
      <path d="M15 8h5v5" />
    </Svg>
  ),
  calculator: () => (
    <Svg>
      <rect x="5" y="3" width="14" height="18" rx="2" />
      <path d="M8 7h8M8 12h2M14 12h2M8 16h2M14 16h2" />
    </Svg>
  ),
  calculators: () => (
    <Svg>
      <rect x="3" y="5" width="11" height="16" rx="2" />
      <path d="M10 3h9a2 2 0 0 1 2 2v12" />
      <path d="M6 9h5M6 13h1M10 13h1M6 17h1M10 17h1" />
    </Svg>
  ),
  chart: () => (
    <Svg>
      <path d="M4 20V4" />
      <path d="M4 20h16" />
      <path d="M8 16v-4M12 16V8M16 16v-6" />
    </Svg>
  ),
  forum: () => (
    <Svg>
      <path d="M4 5h12v8H8l-4 3z" />
      <path d="M16 9h4v8l-3-2h-6v-2" />
    </Svg>
  ),
  tool: () => (
    <Svg>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.1 2.1M16.3 16.3l2.1 2.1M5.6 18.4l2.1-2.1M16.3 7.7l2.1-2.1" />
    </Svg>
  ),
};

/** The icon the catalogue names; the generic tool icon for a name this app does not draw. */
export function QuickLinkIcon({ name }: { readonly name: string }) {
  const Icon = ICONS[name] ?? ICONS['tool'];
  return Icon === undefined ? null : <Icon />;
}

/** A padlock; hidden from assistive tech (the link says "locked" in words). */
export function LockIcon() {
  return (
    <Svg>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Svg>
  );
}

/** Up and down arrows for the reorder buttons. */
export function ArrowIcon({ direction }: { readonly direction: 'up' | 'down' }) {
  return <Svg>{direction === 'up' ? <path d="M12 19V5M6 11l6-6 6 6" /> : <path d="M12 5v14M6 13l6 6 6-6" />}</Svg>;
}
