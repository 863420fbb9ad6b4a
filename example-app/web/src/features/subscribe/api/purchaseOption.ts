// What a purchase page sells (the server's purchaseOption, priced by the sdk on the server).
import type { GqlBillingTerm, TypedDocumentString } from '@matchkit/sdk/transport';

export interface PurchaseOption {
  readonly slug: string;
  /** plan, upgrade or sale. */
  readonly kind: string;
  readonly plan: string;
  readonly billingTerm: GqlBillingTerm;
  /** Pence charged today. */
  readonly amountDueNow: number;
  /** Pence of each following term, or null. */
  readonly recurringAmount: number | null;
  readonly trialDays: number;
  readonly saleId: string | null;
}

export interface PurchaseOptionData {
  readonly purchaseOption: PurchaseOption | null;
}

export interface PurchaseOptionVariables {
  readonly slug: string;
  readonly billingTerm?: GqlBillingTerm;
  /** ISO 8601 instant to price at (default: the server's now). */
  readonly at?: string;
}

export const PurchaseOptionQuery = `
query PurchaseOption($slug: String!, $billingTerm: BillingTerm, $at: DateTime) {
  purchaseOption(slug: $slug, billingTerm: $billingTerm, at: $at) {
    slug kind plan billingTerm amountDueNow recurringAmount trialDays saleId
  }
}` as TypedDocumentString<PurchaseOptionData, PurchaseOptionVariables>;
