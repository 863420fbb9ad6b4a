// What lives at /offers/{category}/{slug}: an offer of that category, or a training tutorial (the
// server reads tutorials there too, docs/server.md). One request asks for both.
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import { GUIDE_WITH_BODY_FIELDS, type GuideWithBody } from '../../guides';
import { OFFER_WITH_BODY_FIELDS, type OfferWithBody } from './offer';

export interface OfferOrGuideQueryData {
  readonly offer: OfferWithBody | null;
  readonly guide: GuideWithBody | null;
}

export interface OfferOrGuideQueryVariables {
  readonly slug: string;
}

export const OfferOrGuideQuery = `
query OfferOrGuide($slug: String!) {
  offer(slug: $slug) { ${OFFER_WITH_BODY_FIELDS} }
  guide(slug: $slug) { ${GUIDE_WITH_BODY_FIELDS} }
}` as TypedDocumentString<OfferOrGuideQueryData, OfferOrGuideQueryVariables>;
