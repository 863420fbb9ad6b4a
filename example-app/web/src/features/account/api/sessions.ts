// The member's signed-in devices and signing out (server: modules/accounts/sessions.ts and
// logout.ts): the app's own typed documents.
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import type { Outcome } from './billing';

/** One signed-in device as Query.mySessions answers it. */
export interface SignedInDevice {
  readonly id: string;
  readonly deviceType: 'COMPUTER' | 'PHONE' | 'TABLET' | 'OTHER';
  readonly browser: string | null;
  readonly os: string | null;
  readonly ipAddress: string | null;
  readonly signedInAt: string;
  readonly lastSeenAt: string;
  readonly current: boolean;
}

export const MySessionsQuery = `
query MySessions {
  mySessions { id deviceType browser os ipAddress signedInAt lastSeenAt current }
}` as TypedDocumentString<{ readonly mySessions: readonly SignedInDevice[] }, Record<string, never>>;

export const EndSessionMutation = `
mutation EndSession($id: ID!) {
  endSession(id: $id) { ok error { code message field } }
}` as TypedDocumentString<Outcome<'endSession'>, { readonly id: string }>;

export const LogoutEverywhereMutation = `
mutation LogoutEverywhere {
  logoutEverywhere
}` as TypedDocumentString<{ readonly logoutEverywhere: boolean }, Record<string, never>>;
