// Mutation.register: the sdk has no typed document for it, so the app writes its own.
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import type { PayloadError } from './payload';

export interface RegisterVariables {
  readonly input: {
    readonly email: string;
    readonly username: string;
    readonly password: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly confirmAdult: boolean;
    readonly referralCode?: string | null;
  };
}

export interface RegisterData {
  readonly register: { readonly ok: boolean; readonly error: PayloadError | null };
}

export const RegisterMutation = `
mutation Register($input: RegisterInput!) {
  register(input: $input) { ok error { code message field } }
}` as TypedDocumentString<RegisterData, RegisterVariables>;
