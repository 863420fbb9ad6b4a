/**
 * Sale scheduling: which sale is active at an instant (half-open windows that end at the end of the named second), the countdown to its end, its payment
 * links and yearly prices.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/sales
 */
export {
  activeSale,
  saleWindow,
  saleCountdown,
  salePeriod,
  salePaymentLink,
  saleYearlyPrice,
  isSaleUsed,
  type Countdown,
  type SaleWindow,
  type InstantInput,
} from './sales';
