// One guide or training tutorial with its text (the sdk's GuidesQuery lists guides without it).
import type { GqlGuide, TypedDocumentString } from '@matchkit/sdk/transport';

/** A guide as its page shows it. */
export interface GuideWithBody extends GqlGuide {
  /** Paragraphs separated by blank lines. */
  readonly body: string;
}

/** The fields of a {@link GuideWithBody}, for a query's selection. */
export const GUIDE_WITH_BODY_FIELDS = 'slug title section url summary order body';

export interface GuideQueryData {
  readonly guide: GuideWithBody | null;
}

export interface GuideQueryVariables {
  readonly slug: string;
}

export const GuideQuery = `
query Guide($slug: String!) {
  guide(slug: $slug) { ${GUIDE_WITH_BODY_FIELDS} }
}` as TypedDocumentString<GuideQueryData, GuideQueryVariables>;
