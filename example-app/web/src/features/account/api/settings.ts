// The account settings' operations (name, password, address, closure): the app's own typed
// documents, each answering `{ ok, error }` under its field's name.
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import type { NameChangeForm } from '@matchkit/sdk/accounts';
import type { Outcome } from './billing';

export const ChangeNameMutation = `
mutation ChangeName($input: ChangeNameInput!) {
  changeName(input: $input) { ok error { code message field } }
}` as TypedDocumentString<Outcome<'changeName'>, { readonly input: NameChangeForm }>;
