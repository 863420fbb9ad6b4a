import type { Pence } from '@matchkit/sdk/model';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Formats integer pence as pounds for display, at the edge: `3999` is `£39.99`. */
export function formatPence(pence: Pence): string {
  return gbp.format(pence / 100);
}

const POUNDS = /^\d+(\.\d{1,2})?$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * Pounds as a member types them (`10`, `12.50`, spaces around ignored) to integer pence; null when
 * it is not an amount: no sign, exponent, hex or more than two decimals (`1e3`, `0x10`, `10.555`).
 */
export function poundsToPence(text: string): Pence | null {
  const t = text.trim();
  if (!POUNDS.test(t)) return null;
  const [whole = '0', frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** A plain decimal as typed (`2`, `1.5`); null when it is anything else (a sign, exponent, hex, `.5`). */
export function readDecimal(text: string): number | null {
  const t = text.trim();
  return DECIMAL.test(t) ? Number(t) : null;
}
