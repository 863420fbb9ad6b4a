// The analytics upload endpoint's logic: read a capped body, check it is an Amplitude batch
// (`{ api_key, events: [{ event_type, device_id | user_id, ... }] }`, 1 to 2000 events), keep what
// may be kept of each event (events.ts) and store it with the rollups in one transaction
// (store.ts), and answer as Amplitude does, so the sdk's uploader treats the answer the same way:
// 200 with `events_ingested` only once the batch is committed, 400 with an `error` naming the
// problem (the sdk drops a batch the server refused as malformed), 413 when the body is over the
// cap (the sdk splits it), 503 when the store failed (the sdk keeps the batch and retries).
import { planTier } from '@matchkit/sdk/entitlements';
import { readCappedText } from '../../http/body';
import type { RequestContext } from '../../kernel';
import type { Logger } from '../../logger';
import { viewerAccess } from '../members/access';
import { countedType, keepEvents, type UploadedEvent } from './events';

export { COUNTED_EVENT_TYPES } from './events';
import { storeEvents } from './store';

export const ANALYTICS_PATH = '/api/analytics';
/** Amplitude's own cap on a batch body (20 MB) is far above what a browser tab sends; 1 MiB here. */
export const MAX_BATCH_BYTES = 1024 * 1024;
const MAX_EVENTS = 2000;

export interface AnalyticsIngest {
  handle(request: Request, ctx: RequestContext): Promise<Response>;
}

const refuse = (status: number, error: string) => Response.json({ code: status, error }, { status });

export function createAnalyticsIngest(logger: Pick<Logger, 'info' | 'error'>): AnalyticsIngest {
  return {
    async handle(request, ctx) {
      const text = await readCappedText(request, MAX_BATCH_BYTES);
      if (text === null) return refuse(413, `the batch is larger than ${MAX_BATCH_BYTES} bytes`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(400, 'the body is not JSON');
      }
      const problem = batchProblem(body);
      if (problem !== null) return refuse(400, problem);
      const events = (body as { events: UploadedEvent[] }).events;
      // The member only with their own session: a client cannot file events under another member.
      const access = ctx.viewer === null ? null : await viewerAccess(ctx);
      const kept = keepEvents(events, {
        secret: ctx.deps.config.secrets.ANALYTICS_KEY,
        viewerId: access?.user.id ?? null,
        receivedAt: ctx.now,
      });
      const tier = access === null ? 'visitor' : planTier(ctx.brand, access.entitled);
      let stored;
      try {
        stored = await storeEvents(ctx.db, kept, tier, ctx.deps.config.analyticsForward !== null);
      } catch (error) {
        logger.error({ err: error }, 'analytics batch not stored');
        return refuse(503, 'the batch could not be stored now: send it again later');
      }
      const byType: Record<string, number> = {};
      for (const e of events) {
        const type = countedType(e.event_type);
        byType[type] = (byType[type] ?? 0) + 1;
      }
      logger.info({ analytics: { events: events.length, stored: stored.events, visits: stored.visits, byType } }, 'analytics batch');
      return Response.json({
        code: 200,
        events_ingested: events.length,
        payload_size_bytes: Buffer.byteLength(text),
        server_upload_time: ctx.now,
      });
    },
  };
}

/** Why `body` is not an acceptable batch, naming the field, or null. */
export function batchProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the body must be an object';
  const { api_key: apiKey, events } = body as Record<string, unknown>;
  if (typeof apiKey !== 'string' || apiKey === '') return 'api_key must be a non-empty string';
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS)
    return `events must be an array of 1 to ${MAX_EVENTS} events`;
  for (const [i, e] of events.entries()) {
    if (typeof e !== 'object' || e === null) return `events[${i}] must be an object`;
    const { event_type: type, device_id: device, user_id: user } = e as Record<string, unknown>;
    if (typeof type !== 'string' || type === '') return `events[${i}].event_type must be a non-empty string`;
    if (typeof device !== 'string' && typeof user !== 'string') return `events[${i}] must have a device_id or a user_id`;
  }
  return null;
}
