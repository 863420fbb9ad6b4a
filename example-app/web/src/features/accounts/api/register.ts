// Mutation.register: the sdk has no typed document for it, so the app writes its own.
import type { RegistrationInput } from '@matchkit/sdk/accounts';
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import type { MutationError } from '../../../components/errors';

/** The form the sdk validates is what the server's RegisterInput takes. */
export interface RegisterVariables {
  readonly input: RegistrationInput;
}

export interface RegisterData {
  readonly register: { readonly ok: boolean; readonly error: MutationError | null };
}

export const RegisterMutation = `
mutation Register($input: RegisterInput!) {
  register(input: $input) { ok error { code message field } }
}` as TypedDocumentString<RegisterData, RegisterVariables>;
