// POST /api/payments/webhook: the payment provider's signed callbacks. The provider reads its own
// deliveries (PaymentProvider.readWebhook: the signature checked over the raw body before anything
// is read, then the delivery translated into one of the server's WebhookEvents); a bad signature is
// a 400 and nothing is recorded. This file is the one processor of those events. Each is handled
// once: its id goes into webhook_events in the same transaction as what it records, so the same
// callback delivered twice grants once (and ledger.provider_ref is unique besides).
import type { AppDeps, Route } from '../../kernel';
import { webhookEvents } from '../../db/schema';
import { WEBHOOK_PATH } from '../../payments/provider';
import { readCappedText } from '../../http/body';
import { billingTransaction } from './billing-mail';
import { completeCheckout, declineCheckout, type CompletionResult } from './purchases';
import { ChargeNotRecordedYet, recordChargeback, recordProviderRefund } from './refunds';
import { recordChargeFailed, recordChargeSucceeded, retryFailedRenewal } from './renewals';

/** The largest body read (a Stripe event with its object is a few kilobytes). */
const MAX_BODY = 256 * 1024;

function reply(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

/** The webhook route. */
export function webhookRoute(deps: AppDeps): Route {
  return {
    method: 'POST',
    path: WEBHOOK_PATH,
    async handle(request, ctx) {
      const body = await readCappedText(request, MAX_BODY);
      if (body === null) return reply(413, { error: true, message: 'Body too large' });
      const reading = await deps.payments.readWebhook({ body, headers: request.headers, now: ctx.now });
      if (reading.kind === 'refused') {
        ctx.logger.warn({ reason: reading.reason }, 'payment webhook refused');
        return reply(400, { error: true, message: reading.message });
      }
      if (reading.kind === 'ignored') return reply(200, { received: true, ignored: true });
      const event = reading.event;
      const now = ctx.now;
      type Outcome = { duplicate: boolean; completion: CompletionResult | null; note: string | null };
      let outcome: Outcome;
      try {
        outcome = await billingTransaction(deps, async (tx): Promise<Outcome> => {
          const fresh = await tx
            .insert(webhookEvents)
            .values({ id: event.id, type: event.type, receivedAt: new Date(now) })
            .onConflictDoNothing()
            .returning({ id: webhookEvents.id });
          if (fresh.length === 0) return { duplicate: true, completion: null, note: null };
          switch (event.type) {
            case 'checkout.completed': {
              const completion = await completeCheckout(tx, deps.brand, event.data, now);
              // Refunded or disputed before this recorded it: recorded now too, not left until the
              // refund's or dispute's own event is delivered again (stripe-provider.ts, the second rule).
              const taken = event.data.takenBack ?? null;
              const chargeId = event.data.chargeId;
              let note: string | null = null;
              if (completion.recorded === true && taken !== null && chargeId !== null) {
                if (taken.disputed)
                  note = await recordChargeback(tx, deps.brand, { chargeId, disputeId: 'before the checkout was recorded' }, now);
                else if (taken.amountRefunded > 0)
                  note = await recordProviderRefund(
                    tx,
                    deps.brand,
                    { chargeId, amount: taken.amountRefunded, inFull: taken.refunded },
                    now,
                  );
              }
              // Its card becomes the one renewals charge only now, when the checkout is recorded: a
              // duplicate or a late retry must not undo a card the member chose since in the portal.
              // A provider failure rolls this back, and the provider delivers again.
              const card = event.data.paymentMethodId ?? null;
              if (completion.recorded === true && card !== null) await deps.payments.useCardForRenewals?.(event.data.customerId, card);
              return { duplicate: false, completion, note };
            }
            case 'checkout.declined':
              await declineCheckout(tx, event.data.checkoutId, now);
              return { duplicate: false, completion: null, note: null };
            case 'charge.succeeded':
              return { duplicate: false, completion: await recordChargeSucceeded(tx, deps.brand, event.data, now), note: null };
            case 'charge.failed':
              await recordChargeFailed(tx, deps.brand, event.data, now);
              return { duplicate: false, completion: null, note: null };
            case 'charge.refunded':
              return { duplicate: false, completion: null, note: await recordProviderRefund(tx, deps.brand, event.data, now) };
            case 'charge.disputed':
              return { duplicate: false, completion: null, note: await recordChargeback(tx, deps.brand, event.data, now) };
            case 'customer.card-updated':
              // The retry charges the card: after this transaction, as the renewal pass does.
              return { duplicate: false, completion: null, note: null };
            case 'dispute.closed':
              // A won dispute gives the money back to us, but what the chargeback took (access, the
              // subscription's renewals, commission) stays taken: see docs/payments.md.
              return {
                duplicate: false,
                completion: null,
                note:
                  event.data.outcome === 'won'
                    ? `dispute ${event.data.disputeId} of ${event.data.chargeId} was won: nothing is restored automatically`
                    : null,
              };
          }
        });
      } catch (error) {
        // A refund or dispute of a payment whose checkout completion has not arrived: nothing is
        // kept (the event id is rolled back with the rest), and a 5xx makes the provider deliver
        // it again later, when the payment is there to refund.
        if (!(error instanceof ChargeNotRecordedYet)) throw error;
        ctx.logger.info(
          { event: event.id, type: event.type, chargeId: error.chargeId },
          'payment webhook: its payment is not recorded yet; retry later',
        );
        return reply(503, { error: true, message: 'Not ready: deliver again later' });
      }
      if (event.type === 'customer.card-updated' && !outcome.duplicate) {
        try {
          const retried = await retryFailedRenewal(deps, event.data.customerId, event.data.paymentMethodId, now);
          if (retried !== 'skipped')
            ctx.logger.info({ event: event.id, retried }, 'payment webhook: a failed renewal was tried on the new card');
        } catch (error) {
          ctx.logger.error({ err: error, event: event.id }, 'payment webhook: the retry of a failed renewal on the new card failed');
        }
      }
      if (outcome.note !== null)
        ctx.logger.warn({ event: event.id, type: event.type, note: outcome.note }, 'payment webhook: nothing recorded');
      const completion = outcome.completion;
      if (completion !== null && completion.reason !== null) {
        ctx.logger.warn({ event: event.id, reason: completion.reason }, 'payment webhook: a payment could not be recorded');
        if (completion.refundChargeId !== null && completion.amount > 0) {
          try {
            await deps.payments.refund({
              chargeId: completion.refundChargeId,
              amount: completion.amount,
              idempotencyKey: `refund:${completion.refundChargeId}`,
            });
          } catch (error) {
            ctx.logger.error(
              { err: error, chargeId: completion.refundChargeId },
              'payment webhook: the refund of an unrecorded payment failed; refund it at the provider',
            );
          }
        }
      }
      return reply(200, { received: true, duplicate: outcome.duplicate });
    },
  };
}
