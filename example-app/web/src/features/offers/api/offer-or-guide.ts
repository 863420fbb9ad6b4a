// What lives at /offers/{category}/{slug}: an offer of that category, or a training tutorial (the
// server reads tutorials there too, docs/server.md). One request asks for both.
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import type { GuideWithBody } from '../../guides/api/guide';
import type { OfferWithBody } from './offer';

export interface OfferOrGuideQueryData {
  readonly offer: OfferWithBody | null;
  readonly guide: GuideWithBody | null;
}

export interface OfferOrGuideQueryVariables {
  readonly slug: string;
}

export const OfferOrGuideQuery = `
query OfferOrGuide($slug: String!) {
  offer(slug: $slug) {
    id slug title category bookmaker summary body expectedProfit guideUrl expiresAt completed
  }
  guide(slug: $slug) { slug title section url summary order body }
}` as TypedDocumentString<OfferOrGuideQueryData, OfferOrGuideQueryVariables>;
