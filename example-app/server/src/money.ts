/** Pounds and pence from integer pence, as a UK reader reads them: 3999 is £39.99, 149900 is £1,499.00. */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence) || pence < 0) throw new RangeError(`pence must be a whole, non-negative number (received ${pence})`);
  const pounds = Math.floor(pence / 100).toLocaleString('en-GB');
  return `£${pounds}.${String(pence % 100).padStart(2, '0')}`;
}

/** A signed amount of pence as a UK reader reads it: -45 is −£0.45 (the minus sign U+2212), 120 is £1.20. */
export function formatSignedPence(pence: number): string {
  return pence < 0 ? `−${formatPence(-pence)}` : formatPence(pence);
}
