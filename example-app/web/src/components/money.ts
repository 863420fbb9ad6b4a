import type { Pence } from '@matchkit/sdk/model';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Formats integer pence as pounds for display, at the edge: `3999` is `£39.99`. */
export function formatPence(pence: Pence): string {
  return gbp.format(pence / 100);
}
