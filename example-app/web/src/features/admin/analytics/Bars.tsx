// A dashboard's chart: one bar per row, its length the row's share of the largest. It draws what the
// table beside it says, so it is hidden from screen readers, which read the table.

export interface Bar {
  readonly label: string;
  readonly value: number;
}

/** `max`: the value of a full bar (default: the largest value, so the longest bar is full). */
export function Bars({ bars, max }: { readonly bars: readonly Bar[]; readonly max?: number }) {
  const largest = max ?? Math.max(1, ...bars.map((b) => b.value));
  return (
    <div aria-hidden="true" className="mb-3 grid max-w-2xl gap-1">
      {bars.map((b) => (
        <div key={b.label} className="grid grid-cols-[9rem_1fr] items-center gap-2 text-sm">
          <span className="truncate">{b.label}</span>
          <span className="block h-4 rounded-sm bg-accent" style={{ width: `${Math.max(0.5, (Math.max(0, b.value) / largest) * 100)}%` }} />
        </div>
      ))}
    </div>
  );
}
