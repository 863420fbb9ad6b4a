// The form fields several calculators share (internal): each a schema with its label, help text and
// unit. A calculator whose field reads differently (another description) writes its own.
import * as v from 'valibot';
import { choice, commissionSchema, field, moneySchema, num, oddsSchema, record, unitSchema } from './schema';

export const BACK_STAKE = /* @__PURE__ */ field(moneySchema, 'Back stake', 'the bookmaker stake (or free-bet amount)', 'money');
export const BACK_STAKE_CASH = /* @__PURE__ */ field(moneySchema, 'Back stake', 'the bookmaker stake', 'money');
export const BACK_ODDS = /* @__PURE__ */ field(oddsSchema, 'Back odds', "the bookmaker's decimal odds", 'odds');
export const LAY_ODDS = /* @__PURE__ */ field(oddsSchema, 'Lay odds', "the exchange's decimal lay odds", 'odds');
export const LAY_COMMISSION = /* @__PURE__ */ field(
  commissionSchema,
  'Exchange commission',
  'exchange commission on net winnings, as a fraction (0.02 for 2%)',
  'share',
);
export const BACK_COMMISSION = /* @__PURE__ */ v.optional(
  /* @__PURE__ */ field(
    commissionSchema,
    'Bookmaker commission',
    'commission on the back bet’s winnings, as a fraction (default 0)',
    'share',
  ),
  0,
);

const BET_TYPE_HELP = 'qualifying (the default: a cash bet), or snr or sr (a free bet, stake not returned or returned)';
/** betType of the calculators that take a cash bet or a free bet (no refund variant). */
export const BET_TYPE = /* @__PURE__ */ v.optional(
  /* @__PURE__ */ field(/* @__PURE__ */ choice(['qualifying', 'snr', 'sr']), 'Bet type', BET_TYPE_HELP),
  'qualifying',
);
/** betType of an each-way bet: both parts are of the kind. */
export const EACH_WAY_BET_TYPE = /* @__PURE__ */ v.optional(
  /* @__PURE__ */ field(/* @__PURE__ */ choice(['qualifying', 'snr', 'sr']), 'Bet type', `${BET_TYPE_HELP}; both parts are of this kind`),
  'qualifying',
);

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
  amount: /* @__PURE__ */ field(moneySchema, 'Refund', 'the refund paid if the bet loses (at most backStake)', 'money'),
  retention: /* @__PURE__ */ field(
    unitSchema,
    'Refund kept',
    'the share of the refund expected to be kept: 1 for cash, about 0.7 to 0.8 for a free bet',
    'share',
  ),
});

export const REFUND_EXCEEDS = 'must not exceed backStake (a refund pays back at most the stake)';

/** The stake of each part of an each-way bet. */
export const EACH_WAY_STAKE = /* @__PURE__ */ field(
  moneySchema,
  'Stake each way',
  'the stake of each part of the each-way bet (the whole bet costs twice this, as in "£5 each way")',
  'money',
);
/** Place terms such as 0.2 (1/5 the odds): greater than 0, at most 1. */
export const PLACE_FRACTION = /* @__PURE__ */ field(
  /* @__PURE__ */ num(0, 1, 1),
  'Place terms',
  'the place terms as a fraction of the odds (0.2 for 1/5)',
  'place-terms',
);
export const WIN_LAY_ODDS = /* @__PURE__ */ field(oddsSchema, 'Win lay odds', 'lay odds in the exchange win market', 'odds');
export const PLACE_LAY_ODDS = /* @__PURE__ */ field(oddsSchema, 'Place lay odds', 'lay odds in the exchange place market', 'odds');
