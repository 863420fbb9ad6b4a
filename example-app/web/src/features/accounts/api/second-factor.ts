// Mutation.completeSignIn: the second step of a sign-in with two-step sign-in on (the app's own typed document).
import type { TypedDocumentString } from '@matchkit/sdk/transport';

export const CompleteSignInMutation = `
mutation CompleteSignIn($input: CompleteSignInInput!) {
  completeSignIn(input: $input) { token expiresAt }
}` as TypedDocumentString<
  { readonly completeSignIn: { readonly token: string; readonly expiresAt: string } },
  { readonly input: { readonly challenge: string; readonly code: string; readonly keepSignedIn: boolean } }
>;
