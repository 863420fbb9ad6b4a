// Starts paying for a purchase page's slug: the server prices it and answers with the payment
// provider's page (in this example, the test payment page /pay/test/{id}).
import type { MutationError } from '../../../components/errors';
import type { GqlBillingTerm, TypedDocumentString } from '@matchkit/sdk/transport';

export interface StartCheckoutData {
  readonly startCheckout: {
    readonly ok: boolean;
    readonly error: MutationError | null;
    readonly checkout: { readonly id: string; readonly paymentUrl: string; readonly amount: number; readonly status: string } | null;
  };
}

export interface StartCheckoutVariables {
  readonly input: { readonly slug: string; readonly billingTerm?: GqlBillingTerm };
}

export const StartCheckoutMutation = `
mutation StartCheckout($input: CheckoutInput!) {
  startCheckout(input: $input) {
    ok
    error { code message field }
    checkout { id paymentUrl amount status }
  }
}` as TypedDocumentString<StartCheckoutData, StartCheckoutVariables>;
