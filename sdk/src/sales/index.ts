/**
 * Sale scheduling: which sale is active at an instant, the countdown to its end, its payment
 * links and yearly prices.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/sales
 */
export {
  activeSale,
  saleCountdown,
  salePeriod,
  salePaymentLink,
  saleYearlyPrice,
  isSaleUsed,
  type Countdown,
  type InstantInput,
} from './sales';
