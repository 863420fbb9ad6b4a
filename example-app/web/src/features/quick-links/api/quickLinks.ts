// The quick-links bar's operations (docs/server.md, "Exchanges and quick links"). The sdk has no
// typed documents for them, so they are written here against the platform schema.
import type { MutationError } from '../../../components/errors';
import type { TypedDocumentString } from '@matchkit/sdk/transport';

/** One link of the member's bar (GraphQL type `QuickLink`). */
export interface QuickLink {
  readonly id: string;
  readonly label: string;
  /** A path of the app. */
  readonly href: string;
  /** The catalogue's icon name (`odds`, `calculator`, `calculators`, `chart`, `forum`, `tool`). */
  readonly icon: string;
  readonly order: number;
  /** Shown in the bar. */
  readonly active: boolean;
  /** The capability code the link needs, or null when it needs none. */
  readonly capability: string | null;
  /** Whether this member may use what the link leads to. */
  readonly unlocked: boolean;
}

/** A link's place in the bar as `setQuickLinks` takes it (GraphQL input `QuickLinkInput`). */
export interface QuickLinkInput {
  readonly id: string;
  readonly order: number;
  readonly active: boolean;
}

export interface MyQuickLinksData {
  readonly myQuickLinks: readonly QuickLink[];
}

export interface SetQuickLinksData {
  readonly setQuickLinks: {
    readonly ok: boolean;
    readonly error: MutationError | null;
    readonly quickLinks: readonly QuickLink[];
  };
}

export interface SetQuickLinksVariables {
  readonly links: readonly QuickLinkInput[];
}

type NoVariables = Record<string, never>;

export const MyQuickLinksQuery = `
query MyQuickLinks {
  myQuickLinks { id label href icon order active capability unlocked }
}` as TypedDocumentString<MyQuickLinksData, NoVariables>;

export const SetQuickLinksMutation = `
mutation SetQuickLinks($links: [QuickLinkInput!]!) {
  setQuickLinks(links: $links) {
    ok
    error { code message field }
    quickLinks { id label href icon order active capability unlocked }
  }
}` as TypedDocumentString<SetQuickLinksData, SetQuickLinksVariables>;
