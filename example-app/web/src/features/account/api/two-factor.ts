// Two-step sign-in's operations on the account page: its status, set-up, confirmation, new
// recovery codes and turning it off (the app's own typed documents).
import type { TypedDocumentString } from '@matchkit/sdk/transport';
import type { MutationError } from '../../../components/errors';

export const TwoFactorQuery = `
query TwoFactor { twoFactor { enabled recoveryCodesLeft } }` as TypedDocumentString<
  { readonly twoFactor: { readonly enabled: boolean; readonly recoveryCodesLeft: number } | null },
  Record<string, never>
>;

export const StartTwoFactorSetupMutation = `
mutation StartTwoFactorSetup { startTwoFactorSetup { ok error { code message field } secret uri } }` as TypedDocumentString<
  {
    readonly startTwoFactorSetup: {
      readonly ok: boolean;
      readonly error: MutationError | null;
      readonly secret: string | null;
      readonly uri: string | null;
    };
  },
  Record<string, never>
>;

export const ConfirmTwoFactorMutation = `
mutation ConfirmTwoFactor($input: ConfirmTwoFactorInput!) { confirmTwoFactor(input: $input) { ok error { code message field } recoveryCodes } }` as TypedDocumentString<
  {
    readonly confirmTwoFactor: {
      readonly ok: boolean;
      readonly error: MutationError | null;
      readonly recoveryCodes: readonly string[] | null;
    };
  },
  { readonly input: { readonly currentPassword: string; readonly code: string } }
>;

export const NewRecoveryCodesMutation = `
mutation NewRecoveryCodes($input: NewRecoveryCodesInput!) { newRecoveryCodes(input: $input) { ok error { code message field } recoveryCodes } }` as TypedDocumentString<
  {
    readonly newRecoveryCodes: {
      readonly ok: boolean;
      readonly error: MutationError | null;
      readonly recoveryCodes: readonly string[] | null;
    };
  },
  { readonly input: { readonly currentPassword: string; readonly code: string } }
>;

export const DisableTwoFactorMutation = `
mutation DisableTwoFactor($input: DisableTwoFactorInput!) { disableTwoFactor(input: $input) { ok error { code message field } } }` as TypedDocumentString<
  { readonly disableTwoFactor: { readonly ok: boolean; readonly error: MutationError | null } },
  { readonly input: { readonly password: string; readonly code: string } }
>;
