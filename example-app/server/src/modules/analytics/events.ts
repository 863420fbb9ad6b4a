// What is kept of an uploaded analytics event (a checked Amplitude batch, ingest.ts): its type,
// instant and Europe/London day, the device as a keyed hash, the member only when the upload came
// with that member's own session, the session, the app page (a route, never a query string) and
// the properties of a fixed list of keys. Nothing else: no address, no user agent, no free-form
// property a client chose. Pure: store.ts writes the result.
import { createHmac } from 'node:crypto';
import { appPageOf } from '@matchkit/app-contract/routes';

/** An event of a batch that batchProblem accepted. */
export interface UploadedEvent {
  readonly event_type: string;
  readonly device_id?: unknown;
  readonly user_id?: unknown;
  readonly time?: unknown;
  readonly session_id?: unknown;
  readonly insert_id?: unknown;
  readonly event_properties?: unknown;
  readonly user_properties?: unknown;
}

/** Where a visit came from, as stored: each part a label, never empty. */
export interface CampaignLabel {
  readonly source: string;
  readonly medium: string;
  readonly campaign: string;
}

/** An event as stored. */
export interface KeptEvent {
  readonly insertId: string;
  readonly eventType: string;
  readonly at: number;
  readonly day: string;
  readonly device: string | null;
  readonly userId: string | null;
  readonly sessionId: number | null;
  readonly page: string | null;
  readonly properties: Record<string, string | number | boolean>;
  /** The campaign the event's user properties set (the sdk sends it when it changes), or null. */
  readonly campaign: CampaignLabel | null;
}

/**
 * The event types counted by name in the log line and the daily rollup: the sdk's and the app's.
 * Any other type a client sends is counted as `other`, so a client choosing event types cannot
 * grow the rollup or the log line without bound (the raw event keeps its type).
 */
export const COUNTED_EVENT_TYPES: ReadonlySet<string> = new Set([
  'page_view',
  'click',
  'offer_clicked',
  'outbound_link_clicked',
  'network_request_failed',
]);
export const countedType = (type: string) => (COUNTED_EVENT_TYPES.has(type) ? type : 'other');

/** The label of a visit with no campaign and no referrer. */
export const DIRECT: CampaignLabel = Object.freeze({ source: '(direct)', medium: '(none)', campaign: '(none)' });

/** The property keys kept: what the app's own events carry (page views, clicks, failed requests). */
const KEPT_PROPERTIES = new Set(['brand', 'element', 'label', 'to', 'operation', 'status', 'category', 'slug', 'tool']);
const MAX_TEXT = 120;
/** Events may be queued offline for a while; an instant further back than this is taken as the upload's. */
const MAX_DELAY_MS = 7 * 86_400_000;
/** A clock ahead of the server's by more than this is taken as wrong. */
const MAX_AHEAD_MS = 5 * 60_000;

const CLICK_IDS = ['gclid', 'fbclid', 'msclkid', 'dclid', 'ttclid', 'li_fat_id', 'wbraid', 'gbraid'] as const;

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Europe/London date of an instant, `YYYY-MM-DD`. */
export function londonDay(at: number): string {
  return LONDON_DAY.format(at);
}

/** `value` as short plain text (control characters removed, trimmed, at most 120 characters), or null. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return cleaned === '' ? null : cleaned.slice(0, MAX_TEXT);
}

/**
 * The campaign label of the sdk's parsed campaign (user properties `utm_*`, click ids, `referrer`,
 * `referring_domain`), or null when the properties carry none of them. Source: utm_source, else
 * the click id's name, else the referring host; medium: utm_medium, else `cpc` for a click id,
 * `referral` for a referrer; campaign: utm_campaign.
 */
export function campaignOf(userProperties: unknown): CampaignLabel | null {
  if (typeof userProperties !== 'object' || userProperties === null) return null;
  const p = userProperties as Record<string, unknown>;
  const source = text(p['utm_source']);
  const medium = text(p['utm_medium']);
  const campaign = text(p['utm_campaign']);
  const clickId = CLICK_IDS.find((id) => text(p[id]) !== null) ?? null;
  const referrer = text(p['referring_domain'])?.toLowerCase() ?? null;
  if (source === null && medium === null && campaign === null && clickId === null && referrer === null) return null;
  return {
    source: source ?? clickId ?? referrer ?? '(direct)',
    medium: medium ?? (clickId !== null ? 'cpc' : referrer !== null ? 'referral' : '(none)'),
    campaign: campaign ?? '(none)',
  };
}

/** The properties of `raw` that are kept: listed keys, plain values, text shortened. */
function keptProperties(raw: unknown): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (typeof raw !== 'object' || raw === null) return out;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!KEPT_PROPERTIES.has(key)) continue;
    if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) out[key] = value;
    else {
      const t = text(value);
      if (t !== null) out[key] = t;
    }
  }
  return out;
}

/** The device's keyed hash: the same id gives the same value on this server, and the id cannot be read back. */
export function deviceHash(secret: string, deviceId: string): string {
  const key = createHmac('sha256', secret).update('matchkit:analytics-device').digest();
  return createHmac('sha256', key).update(deviceId).digest('base64url').slice(0, 22);
}

/** What keepEvents needs besides the events. */
export interface KeepOptions {
  /** The key of the device hash (a server secret). */
  readonly secret: string;
  /** The member whose own session came with the upload, or null: any other user_id is dropped. */
  readonly viewerId: string | null;
  /** When the upload arrived, epoch ms. */
  readonly receivedAt: number;
}

/**
 * The events as stored, in the batch's order. An event without an insert_id gets one made of its
 * device, session, time and type, so a re-sent batch still counts once.
 */
export function keepEvents(events: readonly UploadedEvent[], options: KeepOptions): KeptEvent[] {
  return events.map((e, i) => {
    const time = typeof e.time === 'number' && Number.isFinite(e.time) ? e.time : null;
    const at =
      time !== null && time >= options.receivedAt - MAX_DELAY_MS && time <= options.receivedAt + MAX_AHEAD_MS
        ? Math.trunc(time)
        : options.receivedAt;
    const deviceId = text(e.device_id);
    const device = deviceId === null ? null : deviceHash(options.secret, deviceId);
    const sessionId = typeof e.session_id === 'number' && Number.isSafeInteger(e.session_id) && e.session_id > 0 ? e.session_id : null;
    const properties = keptProperties(e.event_properties);
    // A link's target: inside the app its route (no member or receipt id), outside it a host only.
    if (typeof properties['to'] === 'string') {
      const to = properties['to'];
      const page = to.startsWith('/') ? appPageOf(to.split(/[?#]/)[0] ?? '') : null;
      if (page !== null) properties['to'] = page;
      else if (to.startsWith('/') || !/^[a-z0-9.-]+(:\d+)?$/i.test(to)) delete properties['to'];
    }
    const path =
      typeof e.event_properties === 'object' && e.event_properties !== null
        ? (e.event_properties as Record<string, unknown>)['path']
        : undefined;
    const page = typeof path === 'string' ? (appPageOf(path.split(/[?#]/)[0] ?? '') ?? '(other)') : null;
    const insertId =
      text(e.insert_id) ?? `${device ?? '-'}:${sessionId ?? '-'}:${time ?? options.receivedAt}:${e.event_type.slice(0, 40)}:${i}`;
    return {
      insertId,
      eventType: text(e.event_type) ?? 'unknown',
      at,
      day: londonDay(at),
      device,
      userId: options.viewerId !== null && e.user_id === options.viewerId ? options.viewerId : null,
      sessionId,
      page,
      properties,
      campaign: campaignOf(e.user_properties),
    };
  });
}
