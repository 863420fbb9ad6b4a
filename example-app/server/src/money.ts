/** Pounds and pence from integer pence, as a UK reader reads them: 3999 is £39.99, 149900 is £1,499.00. */
export function formatPence(pence: number): string {
  if (!Number.isSafeInteger(pence) || pence < 0) throw new RangeError(`pence must be a whole, non-negative number (received ${pence})`);
  const pounds = Math.floor(pence / 100).toLocaleString('en-GB');
  return `£${pounds}.${String(pence % 100).padStart(2, '0')}`;
}
