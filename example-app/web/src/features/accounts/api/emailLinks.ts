// The mailed address links: Mutation.verifyEmail (the member's address at sign-up or "Send again").
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import type { MutationError } from '../../../components/errors';

/** What an email link's mutation answers under its field's name. */
export type LinkOutcome<Field extends string> = { readonly [F in Field]: { readonly ok: boolean; readonly error: MutationError | null } };

export const VerifyEmailMutation = `
mutation VerifyEmail($token: String!) {
  verifyEmail(token: $token) { ok error { code message field } }
}` as TypedDocumentString<LinkOutcome<'verifyEmail'>, { readonly token: string }>;
