// Money in the sdk's messages. Internal: not exported from any package entry point.

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/**
 * An amount of integer pence as a member reads it in a message: pounds to the penny (`1050` is
 * "£10.50", `100_000_000_000` is "£1,000,000,000.00"). The sdk's validation messages are shown beside
 * the field they name, so an amount in them is never "pence".
 */
export function pounds(pence: number): string {
  return gbp.format(pence / 100);
}
