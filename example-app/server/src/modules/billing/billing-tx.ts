// A billing transaction: the one transaction in which a billing change is recorded (a webhook's
// event, a renewal charge, a refund, a member's cancellation), with what that change needs beyond
// the database: the seller a receipt names (configuration), and the billing mail it causes, which
// is noted during the transaction and queued in the mail queue (mail/queue.ts) by
// billingTransaction (billing-mail.ts) at its end, in the same transaction: a rolled-back change
// mails nothing, and a committed one's mail is sent by the mail worker even if this process dies.
// The code below the entry points (recordEvents, recordRefund, ...) takes a plain `tx`; it reads
// the seller and notes mail through that `tx`, which billingTransaction registered.
import type { Seller } from '../../config';
import type { Db } from '../../db/client';

/** A change that sends billing mail (billing-mail.ts composes it from the committed rows). */
export type BillingNotice =
  | { readonly kind: 'receipt'; readonly receiptId: string }
  | { readonly kind: 'renewal-failed'; readonly subscriptionId: string; readonly amount: number; readonly at: number }
  | { readonly kind: 'refund'; readonly paymentId: string }
  | { readonly kind: 'cancelled'; readonly subscriptionId: string; readonly at: number }
  | { readonly kind: 'trial-ending'; readonly subscriptionId: string; readonly at: number };

interface BillingTxState {
  readonly seller: Seller;
  readonly notices: BillingNotice[];
  /** The members whose billing the transaction changed (each took the member's lock). */
  readonly members: Set<string>;
}

const states = new WeakMap<Db, BillingTxState>();

/**
 * Registers `tx` as a billing transaction naming `seller`; returns the list its mail is queued on
 * and the set of members it changed (for billingTransaction).
 */
export function openBillingTx(tx: Db, seller: Seller): { readonly notices: BillingNotice[]; readonly members: ReadonlySet<string> } {
  const state: BillingTxState = { seller, notices: [], members: new Set() };
  states.set(tx, state);
  return state;
}

/**
 * Notes that `tx` changes the billing of member `userId` (lockMember calls it): once a billing
 * transaction commits, each member it changed is told to every process as 'access-changed', so a
 * live subscription the change took away ends at once. Nothing outside a billing transaction.
 */
export function noteMemberChange(tx: Db, userId: string): void {
  states.get(tx)?.members.add(userId);
}

function stateOf(tx: Db, what: string): BillingTxState {
  const state = states.get(tx);
  if (state === undefined) throw new Error(`${what} outside a billing transaction: run it in billingTransaction(deps, ...)`);
  return state;
}

/** The seller a receipt written in `tx` names. @throws Error when `tx` is not a billing transaction */
export function sellerOf(tx: Db): Seller {
  return stateOf(tx, 'a receipt written').seller;
}

/** Notes billing mail to queue at the end of `tx`. @throws Error when `tx` is not a billing transaction */
export function queueBillingMail(tx: Db, notice: BillingNotice): void {
  stateOf(tx, `billing mail (${notice.kind}) queued`).notices.push(notice);
}
