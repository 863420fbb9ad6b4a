// Mutation.requestPasswordReset and Mutation.resetPassword: the app's own typed documents.
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import type { MutationError } from '../../../components/errors';

export interface RequestPasswordResetData {
  readonly requestPasswordReset: { readonly ok: boolean; readonly error: MutationError | null };
}

export const RequestPasswordResetMutation = `
mutation RequestPasswordReset($email: String!) {
  requestPasswordReset(email: $email) { ok error { code message field } }
}` as TypedDocumentString<RequestPasswordResetData, { readonly email: string }>;

export interface ResetPasswordData {
  /** `token` is null after a reset of a member with two-step sign-in on: they sign in with a code next. */
  readonly resetPassword: { readonly ok: boolean; readonly error: MutationError | null; readonly token: string | null };
}

export const ResetPasswordMutation = `
mutation ResetPassword($input: ResetPasswordInput!) {
  resetPassword(input: $input) { ok error { code message field } token }
}` as TypedDocumentString<ResetPasswordData, { readonly input: { readonly token: string; readonly newPassword: string } }>;
