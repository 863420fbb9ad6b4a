// One offer with its step-by-step text (the sdk's OffersQuery lists offers without their body).
import type { GqlOffer, TypedDocumentString } from '@matchkit/sdk/transport';

/** An offer as its page shows it: the list's fields and the body. */
export interface OfferWithBody extends GqlOffer {
  /** Paragraphs separated by blank lines. */
  readonly body: string;
}

export interface OfferQueryData {
  readonly offer: OfferWithBody | null;
}

export interface OfferQueryVariables {
  readonly slug: string;
}

export const OfferQuery = `
query Offer($slug: String!) {
  offer(slug: $slug) {
    id slug title category bookmaker summary body expectedProfit guideUrl expiresAt completed
  }
}` as TypedDocumentString<OfferQueryData, OfferQueryVariables>;
