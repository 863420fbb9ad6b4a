// The account settings' operations (name, password, address, closure): the app's own typed
// documents, each answering `{ ok, error }` under its field's name.
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import type { AccountClosureForm, EmailChangeForm, NameChangeForm, PasswordChangeForm } from '@matchkit/sdk/accounts';
import type { Outcome } from './billing';

export const ChangeNameMutation = `
mutation ChangeName($input: ChangeNameInput!) {
  changeName(input: $input) { ok error { code message field } }
}` as TypedDocumentString<Outcome<'changeName'>, { readonly input: NameChangeForm }>;

export interface AddressStatusData {
  readonly me: { readonly email: string; readonly emailVerified: boolean } | null;
}

/** Whether the member's address is confirmed (the sdk's MeQuery does not ask). */
export const AddressStatusQuery = `
query AddressStatus {
  me { email emailVerified }
}` as TypedDocumentString<AddressStatusData, Record<string, never>>;

export const SendVerificationEmailMutation = `
mutation SendVerificationEmail {
  sendVerificationEmail { ok error { code message field } }
}` as TypedDocumentString<Outcome<'sendVerificationEmail'>, Record<string, never>>;

export const ChangeEmailMutation = `
mutation ChangeEmail($input: ChangeEmailInput!) {
  changeEmail(input: $input) { ok error { code message field } }
}` as TypedDocumentString<Outcome<'changeEmail'>, { readonly input: EmailChangeForm }>;

export const ChangePasswordMutation = `
mutation ChangePassword($input: ChangePasswordInput!) {
  changePassword(input: $input) { ok error { code message field } }
}` as TypedDocumentString<Outcome<'changePassword'>, { readonly input: PasswordChangeForm }>;

export const CloseAccountMutation = `
mutation CloseAccount($input: CloseAccountInput!) {
  closeAccount(input: $input) { ok error { code message field } }
}` as TypedDocumentString<Outcome<'closeAccount'>, { readonly input: AccountClosureForm & { readonly code: string | null } }>;
