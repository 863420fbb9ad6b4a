// POST /api/payments/webhook: the payment provider's signed callbacks. The signature is checked
// over the raw body before anything is read (signature.ts: HMAC-SHA256, constant-time compare,
// timestamp within 5 minutes); a bad one is a 400 and nothing is recorded. Each event is handled
// once: its id goes into webhook_events in the same transaction as what it records, so the same
// callback delivered twice grants once (and ledger.provider_ref is unique besides).
import * as z from 'zod';
import type { AppDeps, Route } from '../../kernel';
import { webhookEvents } from '../../db/schema';
import { WEBHOOK_PATH } from '../../payments/provider';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../../payments/signature';
import { readCappedText } from '../../http/body';
import { billingTransaction } from './billing-mail';
import { completeCheckout, declineCheckout, type CompletionResult } from './purchases';
import { recordProviderRefund } from './refunds';
import { recordChargeFailed, recordChargeSucceeded } from './renewals';

/** The largest body read (a provider's event is a few hundred bytes). */
const MAX_BODY = 64 * 1024;

const id = z.string().min(1).max(200);
const pence = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const metadata = z.object({ subscriptionId: id, eventId: id });
const envelope = z.object({ id, type: z.string().min(1).max(100), created: z.number().int() });

const eventSchema = z.discriminatedUnion('type', [
  envelope.extend({
    type: z.literal('checkout.completed'),
    data: z.object({ checkoutId: id, customerId: id, chargeId: id.nullable(), amount: pence }),
  }),
  envelope.extend({ type: z.literal('checkout.declined'), data: z.object({ checkoutId: id, reason: z.string().max(1000) }) }),
  envelope.extend({ type: z.literal('charge.succeeded'), data: z.object({ chargeId: id, customerId: id, amount: pence, metadata }) }),
  envelope.extend({
    type: z.literal('charge.failed'),
    data: z.object({ chargeId: z.string().max(200), customerId: id, amount: pence, reason: z.string().max(1000), metadata }),
  }),
  envelope.extend({
    type: z.literal('charge.refunded'),
    data: z.object({ chargeId: id, refundId: id, amount: pence, metadata: z.object({ paymentId: id }).nullable().optional() }),
  }),
]);
const KNOWN = new Set(['checkout.completed', 'checkout.declined', 'charge.succeeded', 'charge.failed', 'charge.refunded']);

function reply(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

/** The webhook route. */
export function webhookRoute(deps: AppDeps): Route {
  const secret = deps.config.secrets.PAYMENT_WEBHOOK_SECRET;
  return {
    method: 'POST',
    path: WEBHOOK_PATH,
    async handle(request, ctx) {
      const body = await readCappedText(request, MAX_BODY);
      if (body === null) return reply(413, { error: true, message: 'Body too large' });
      const check = verifyWebhookSignature(secret, body, request.headers.get(SIGNATURE_HEADER), ctx.now);
      if (!check.ok) {
        ctx.logger.warn({ reason: check.reason }, 'payment webhook refused: bad signature');
        return reply(400, { error: true, message: 'Invalid signature' });
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return reply(400, { error: true, message: 'The body is not JSON' });
      }
      const head = envelope.safeParse(json);
      if (!head.success) return reply(400, { error: true, message: 'Not a webhook event (id, type, created)' });
      if (!KNOWN.has(head.data.type)) return reply(200, { received: true, ignored: true });
      const parsed = eventSchema.safeParse(json);
      if (!parsed.success)
        return reply(400, {
          error: true,
          message: `Malformed ${head.data.type} event: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
        });
      const event = parsed.data;
      const now = ctx.now;
      const outcome = await billingTransaction(
        deps,
        async (tx): Promise<{ duplicate: boolean; completion: CompletionResult | null; note: string | null }> => {
          const fresh = await tx
            .insert(webhookEvents)
            .values({ id: event.id, type: event.type, receivedAt: new Date(now) })
            .onConflictDoNothing()
            .returning({ id: webhookEvents.id });
          if (fresh.length === 0) return { duplicate: true, completion: null, note: null };
          switch (event.type) {
            case 'checkout.completed':
              return { duplicate: false, completion: await completeCheckout(tx, deps.brand, event.data, now), note: null };
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
          }
        },
      );
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
