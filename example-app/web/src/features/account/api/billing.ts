// The account page's billing operations that the sdk does not export: one checkout, cancelling
// the subscription and resuming it, moving down at renewal and taking that back.
import type { MutationError } from '../../../components/errors';
import type { GqlBillingTerm, TypedDocumentString } from '@matchkit/sdk/transport';

/** What a mutation of the member's subscription answers under its field's name: done, or refused with a reason. */
export type Outcome<Field extends string> = { readonly [F in Field]: { readonly ok: boolean; readonly error: MutationError | null } };

export type CheckoutStatus = 'pending' | 'paid' | 'failed' | 'expired';

export interface CheckoutData {
  readonly checkout: {
    readonly id: string;
    readonly slug: string;
    readonly plan: string;
    readonly billingTerm: GqlBillingTerm;
    readonly amount: number;
    readonly status: CheckoutStatus;
  } | null;
}

export const CheckoutQuery = `
query Checkout($id: ID!) {
  checkout(id: $id) { id slug plan billingTerm amount status }
}` as TypedDocumentString<CheckoutData, { readonly id: string }>;

export type CancelSubscriptionData = Outcome<'cancelSubscription'>;

export const CancelSubscriptionMutation = `
mutation CancelSubscription {
  cancelSubscription { ok error { code message field } }
}` as TypedDocumentString<CancelSubscriptionData, Record<string, never>>;

/** What cancelled the member's subscription: only the member's own cancellation can be resumed. */
export type Canceller = 'member' | 'refund' | 'chargeback';

export interface CancellationData {
  readonly me: { readonly subscription: { readonly cancelledBy: Canceller | null } | null } | null;
}

export const CancellationQuery = `
query Cancellation {
  me { subscription { cancelledBy } }
}` as TypedDocumentString<CancellationData, Record<string, never>>;

export type ResumeSubscriptionData = Outcome<'resumeSubscription'>;

export const ResumeSubscriptionMutation = `
mutation ResumeSubscription {
  resumeSubscription { ok error { code message field } }
}` as TypedDocumentString<ResumeSubscriptionData, Record<string, never>>;

export type ScheduleDowngradeData = Outcome<'scheduleDowngrade'>;

export const ScheduleDowngradeMutation = `
mutation ScheduleDowngrade($plan: String!) {
  scheduleDowngrade(plan: $plan) { ok error { code message field } }
}` as TypedDocumentString<ScheduleDowngradeData, { readonly plan: string }>;

export type CancelDowngradeData = Outcome<'cancelDowngrade'>;

export const CancelDowngradeMutation = `
mutation CancelDowngrade {
  cancelDowngrade { ok error { code message field } }
}` as TypedDocumentString<CancelDowngradeData, Record<string, never>>;

/** A receipt as the account page shows it (the schema's Receipt). */
export interface ReceiptData {
  readonly id: string;
  readonly number: string;
  readonly issuedAt: string;
  readonly kind: 'first' | 'renewal' | 'upgrade';
  readonly planLabel: string;
  readonly billingTerm: GqlBillingTerm;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly amount: number;
  readonly vat: number;
  readonly reference: string;
  readonly sellerName: string;
  readonly sellerAddress: string;
  readonly vatNumber: string | null;
  readonly refundedAmount: number | null;
  readonly refundedAt: string | null;
}

const RECEIPT_FIELDS =
  'id number issuedAt kind planLabel billingTerm periodStart periodEnd amount vat reference sellerName sellerAddress vatNumber refundedAmount refundedAt';

export const MyReceiptsQuery = `
query MyReceipts {
  myReceipts { ${RECEIPT_FIELDS} }
}` as TypedDocumentString<{ readonly myReceipts: readonly ReceiptData[] }, Record<string, never>>;

export const ReceiptQuery = `
query Receipt($id: ID!) {
  receipt(id: $id) { ${RECEIPT_FIELDS} }
}` as TypedDocumentString<{ readonly receipt: ReceiptData | null }, { readonly id: string }>;

/** The server's downloads of a receipt (the member's own; a full page load, not a route of the app). */
export const receiptFile = (id: string, format: 'pdf' | 'html'): string => `/api/receipts/${encodeURIComponent(id)}.${format}`;

/** The server route that opens the payment provider's page to update the card (it asks for sign-in first). */
export const UPDATE_CARD_URL = '/api/billing/update-card';
