// The affiliate programme's terms in words, from the brand catalogue (brand.affiliate): the rate
// as a percentage, the cap, and the amount paid out so far, which is a fact about the past and
// never an estimate of what anyone will earn.
import type { Brand } from '@matchkit/sdk/brands';
import { formatPence } from '../../components/money';

const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 2 });
// Rounded down: "over £1.2 million" must be true of £1.25 million (never rounded up to a claim).
const millions = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, roundingMode: 'floor' });

/** An amount in pence as a reader says it: `£3 million` from a million pounds up, else `£1,234.00`. */
export function formatLargePence(pence: number): string {
  const pounds = pence / 100;
  return pounds >= 1_000_000 ? `£${millions.format(pounds / 1_000_000)} million` : formatPence(pence);
}

export interface ProgrammeTerms {
  /** `40%`. */
  readonly rate: string;
  /** `no cap`, or the cap as money. */
  readonly cap: string;
  /** `£3 million`: what has been paid out to affiliates so far ("over ..."). */
  readonly paidOutOver: string;
}

export function programmeTerms(brand: Brand): ProgrammeTerms {
  const { commissionRate, commissionCap, paidOutOverPence } = brand.affiliate;
  return {
    rate: percent.format(commissionRate),
    cap: commissionCap === null ? 'no cap' : formatPence(commissionCap),
    paidOutOver: formatLargePence(paidOutOverPence),
  };
}

/** The programme's terms in one sentence. */
export function termsLine(brand: Brand): string {
  const terms = programmeTerms(brand);
  return `You earn ${terms.rate} commission on the subscription payments of the members you refer, with ${terms.cap}; a refunded payment takes its commission back.`;
}
