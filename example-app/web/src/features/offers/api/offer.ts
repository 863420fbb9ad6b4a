// An offer with its step-by-step text (the sdk's OffersQuery lists offers without their body).
import type { GqlOffer } from '@matchkit/sdk/transport';

/** An offer as its page shows it: the list's fields and the body. */
export interface OfferWithBody extends GqlOffer {
  /** Paragraphs separated by blank lines. */
  readonly body: string;
}

/** The fields of an {@link OfferWithBody}, for a query's selection. */
export const OFFER_WITH_BODY_FIELDS = 'id slug title category bookmaker summary body expectedProfit guideUrl expiresAt completed';
