// The mailed address links: Mutation.verifyEmail (the member's address at sign-up or "Send again")
// and Mutation.confirmEmailChange (a new address the member asked to move to).
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import type { MutationError } from '../../../components/errors';

/** What an email link's mutation answers under its field's name. */
export type LinkOutcome<Field extends string> = { readonly [F in Field]: { readonly ok: boolean; readonly error: MutationError | null } };

export const VerifyEmailMutation = `
mutation VerifyEmail($token: String!) {
  verifyEmail(token: $token) { ok error { code message field } }
}` as TypedDocumentString<LinkOutcome<'verifyEmail'>, { readonly token: string }>;

export const ConfirmEmailChangeMutation = `
mutation ConfirmEmailChange($token: String!) {
  confirmEmailChange(token: $token) { ok error { code message field } }
}` as TypedDocumentString<LinkOutcome<'confirmEmailChange'>, { readonly token: string }>;
