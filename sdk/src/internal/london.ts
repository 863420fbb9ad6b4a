// Europe/London calendar months of instants, shared by the sales (a sale's payment-link period)
// and the affiliate ledger (its monthly summary). Intl does the time-zone work, so British Summer
// Time and any future change of the rules come from the platform's time-zone data; a formatter is
// made when a reader is made, never at import.

/** A UK-local calendar month: the year and the month number (1 = January). */
export interface LondonMonth {
  readonly year: number;
  readonly month: number;
}

/**
 * Makes a function from epoch milliseconds to the Europe/London month containing that instant.
 * Make one reader per batch of instants (it holds one `Intl.DateTimeFormat`).
 */
export function londonMonthReader(): (ms: number) => LondonMonth {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: 'numeric' });
  return (ms) => {
    const parts = format.formatToParts(new Date(ms));
    return {
      year: Number(parts.find((p) => p.type === 'year')?.value),
      month: Number(parts.find((p) => p.type === 'month')?.value),
    };
  };
}

/** A month as `YYYY-MM` (the form of the GraphQL schema's month fields). */
export function monthKey({ year, month }: LondonMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}
