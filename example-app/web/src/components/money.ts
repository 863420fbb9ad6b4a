import type { Pence } from '@matchkit/sdk/model';

// `negative`: no sign on zero, nor on an amount that rounds to zero (-0.3p is £0.00, not -£0.00).
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', signDisplay: 'negative' });

/**
 * Formats pence as pounds for display, at the edge: `3999` is `£39.99`, and a loss has the minus
 * sign "−" (U+2212), not a hyphen: `-64` is `−£0.64`. The app's one money formatter: a signed
 * figure (a result, a balance, a profit) is this, never a sign put together by hand.
 */
export function formatPence(pence: Pence): string {
  return gbp.format(pence / 100).replace('-', '−');
}

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * An amount of pounds as typed: an optional minus (hyphen or the minus sign "−"), an optional "£",
 * whole pounds (plain digits, or thousands grouped by commas: "1,000", never "10,00", which may
 * mean £10.00 where a comma marks decimals) and at most two decimals (".5" is 50p; "5." is not
 * an amount).
 */
const POUNDS = /^([-−]?)£?(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d{1,2}))?$/;

/**
 * Pounds as a member types them to integer pence, exactly: the text is read digit by digit, never
 * through a binary float. The app's one reader of typed pounds (the calculators, the finders, the
 * oddsmatcher, the casino, the tracker):
 *
 * - `10`, `12.5`, `.50`, `£1,250.00` and `0.07` read as 1000, 1250, 50, 125000 and 7; spaces
 *   around are ignored.
 * - A minus (`-3.20`, `−3.20`, `-£3.20`) only with `{ signed: true }`, for a field that allows a
 *   negative amount (an expected profit, an adjustment); `-0` is 0.
 * - Null for anything else: more than two decimals (`10.555` is refused, not rounded), an
 *   exponent or hex (`1e3`, `0x10`), a plus, commas that do not group thousands (`10,00`), an
 *   amount too large to count in whole pence exactly, and empty text.
 *
 * @example poundsToPence('£1,000.50') // 100050
 * @example poundsToPence('-0.64', { signed: true }) // -64
 */
export function poundsToPence(text: string, { signed = false }: { readonly signed?: boolean } = {}): Pence | null {
  const m = POUNDS.exec(text.trim());
  if (m === null) return null;
  const [, minus = '', whole = '', decimals = ''] = m;
  if (whole === '' && decimals === '') return null;
  if (minus !== '' && !signed) return null;
  const pence = Number(whole.replaceAll(',', '') || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(pence)) return null;
  return minus === '' || pence === 0 ? pence : -pence;
}

/**
 * Integer pence as the pounds a member types and reads in a field or an address, to the penny:
 * `1050` is `10.50`, `-76` is `-0.76`, `100000` is `1000.00` (no "£", no commas: what
 * {@link poundsToPence} reads back).
 */
export function poundsText(pence: Pence): string {
  const abs = Math.abs(pence);
  return `${pence < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A plain decimal as typed (`2`, `1.5`); null when it is anything else (a sign, exponent, hex, `.5`). */
export function readDecimal(text: string): number | null {
  const t = text.trim();
  return DECIMAL.test(t) ? Number(t) : null;
}
