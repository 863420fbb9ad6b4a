// Fields several calculator inputs share (internal). Their words (labels, help, units) are the
// registry's (registry/labels.ts).
import * as v from 'valibot';
import { choice, commissionSchema, moneySchema, num, record, unitSchema } from './schema';

export const BACK_COMMISSION = /* @__PURE__ */ v.optional(commissionSchema, 0);

/** betType of the calculators that take a cash bet or a free bet (no refund variant). */
export const BET_TYPE = /* @__PURE__ */ v.optional(/* @__PURE__ */ choice(['qualifying', 'snr', 'sr']), 'qualifying');

/**
 * The terms of a refund offer ("money back if it loses"): the refund (at most the back stake) and
 * the share of it expected to be kept (1 for a cash refund, about 0.7 to 0.8 for a free-bet refund).
 *
 * @example
 * ```ts
 * import * as v from 'valibot';
 * import { refundTermsSchema } from '@matchkit/sdk/calculators';
 * v.safeParse(refundTermsSchema, { amount: 10, retention: 0.8 }).success; // true
 * ```
 */
export const refundTermsSchema = /* @__PURE__ */ record({
  amount: moneySchema,
  retention: unitSchema,
});

export const REFUND_EXCEEDS = 'must not exceed backStake (a refund pays back at most the stake)';

/** Place terms such as 0.2 (1/5 the odds): greater than 0, at most 1. */
export const PLACE_FRACTION = /* @__PURE__ */ num(0, 1, 1);
