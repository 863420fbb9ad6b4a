// How the app shows an amount of money, for the browser tests' expectations: pounds and pence
// with a true minus sign "−" (U+2212) before the "£" of a loss, and no sign on zero. The app's
// one formatter (web/src/components/money.ts) follows the same rule; this file states it on its
// own so that a test fails if the page drifts from it.

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', signDisplay: 'negative' });

/** An amount in pence as the page shows it: `shownPounds(-64)` is "−£0.64", `shownPounds(1250)` "£12.50". */
export function shownPounds(pence: number): string {
  return gbp.format(pence / 100).replace('-', '−');
}
