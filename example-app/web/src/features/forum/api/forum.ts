// The forum's address (GraphQL Query.forumUrl): where the members' Discourse forum opens, signed in
// through this site (DiscourseConnect), or null when the site has no forum set up (FORUM_URL unset).
import type { TypedDocumentString } from '@matchkit/sdk/transport';

export interface ForumUrlData {
  readonly forumUrl: string | null;
}

export const ForumUrlQuery = `
query ForumUrl {
  forumUrl
}` as TypedDocumentString<ForumUrlData, Record<string, never>>;
