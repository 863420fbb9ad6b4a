import { MatchkitValidationError, type ValidationIssue } from '../errors/errors';

/**
 * The tracking parameters that identify a campaign: the five UTM parameters and the click ids
 * of the large ad networks (Google `gclid`, `dclid`, `wbraid`, `gbraid`; Meta `fbclid`; Microsoft
 * `msclkid`; TikTok `ttclid`; LinkedIn `li_fat_id`).
 *
 * @example
 * ```ts
 * import { CAMPAIGN_PARAMS } from '@matchkit/sdk/analytics';
 * CAMPAIGN_PARAMS.includes('utm_source'); // true
 * ```
 */
export const CAMPAIGN_PARAMS = Object.freeze([
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'msclkid',
  'dclid',
  'ttclid',
  'li_fat_id',
  'wbraid',
  'gbraid',
] as const);

/**
 * One of {@link CAMPAIGN_PARAMS}.
 *
 * @example
 * ```ts
 * import type { CampaignParam } from '@matchkit/sdk/analytics';
 * const p: CampaignParam = 'gclid';
 * ```
 */
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];

/**
 * Where a visit came from: the tracking parameters of the landing URL and the referrer. Empty
 * strings count as absent. Build one with {@link parseCampaign}.
 *
 * @example
 * ```ts
 * import type { Campaign } from '@matchkit/sdk/analytics';
 * const fromNewsletter: Campaign = { utm_source: 'newsletter', utm_medium: 'email' };
 * ```
 */
export type Campaign = { readonly [K in CampaignParam]?: string | undefined } & {
  /** The referring page's full URL. */
  readonly referrer?: string | undefined;
  /** The referring page's host name, lower case. */
  readonly referring_domain?: string | undefined;
};

/**
 * Options of {@link parseCampaign}.
 *
 * @example
 * ```ts
 * import { parseCampaign } from '@matchkit/sdk/analytics';
 * parseCampaign('https://app.example/', { referrer: 'https://blog.example/post', excludeReferrers: ['example'] }); // {}
 * ```
 */
export interface ParseCampaignOptions {
  /**
   * The referring page's URL (`document.referrer` in a browser); `''` or absent when there is
   * none.
   */
  readonly referrer?: string | undefined;
  /**
   * Referring hosts that do not count as a referrer (your own sites: a host matches when it
   * equals an entry or ends with `.` + an entry). The landing page's own host always matches.
   */
  readonly excludeReferrers?: readonly string[] | undefined;
}

/**
 * Reads a visit's campaign from the landing page's URL and the referrer (`document.referrer` in
 * a browser; pass them in, nothing is read from globals). A referrer from the page's own host or
 * an excluded host is dropped (internal navigation is not a source); a referrer that is not an
 * http(s) URL is ignored.
 *
 * @param pageUrl - the landing page's full URL
 * @param options - the referrer and the referrers to ignore; see {@link ParseCampaignOptions}
 * @throws MatchkitValidationError when `pageUrl` is not an absolute URL or `referrer` is not a string
 *
 * @example
 * ```ts
 * import { parseCampaign } from '@matchkit/sdk/analytics';
 * parseCampaign('https://app.example/?utm_source=google&utm_medium=cpc&gclid=abc', { referrer: 'https://www.google.com/' });
 * // { utm_source: 'google', utm_medium: 'cpc', gclid: 'abc', referrer: 'https://www.google.com/', referring_domain: 'www.google.com' }
 * ```
 */
export function parseCampaign(pageUrl: string | URL, options: ParseCampaignOptions = {}): Campaign {
  const issues: { path: string; message: string }[] = [];
  let page: URL | undefined;
  try {
    page = new URL(String(pageUrl));
  } catch {
    issues.push({ path: 'pageUrl', message: 'must be an absolute URL' });
  }
  const referrer: unknown = options?.referrer;
  if (referrer !== undefined && typeof referrer !== 'string') issues.push({ path: 'options.referrer', message: 'must be a string' });
  if (page === undefined || issues.length > 0) throw new MatchkitValidationError('campaign source', issues);
  const out: Record<string, string> = {};
  for (const param of CAMPAIGN_PARAMS) {
    const value = page.searchParams.get(param);
    if (value !== null && value !== '') out[param] = value;
  }
  if (typeof referrer === 'string' && referrer !== '') {
    let ref: URL | undefined;
    try {
      ref = new URL(referrer);
    } catch {
      ref = undefined;
    }
    if (ref !== undefined && (ref.protocol === 'http:' || ref.protocol === 'https:')) {
      const host = ref.hostname.toLowerCase();
      const excluded = [page.hostname.toLowerCase(), ...(options.excludeReferrers ?? []).map((h) => h.toLowerCase())];
      if (!excluded.some((h) => host === h || host.endsWith(`.${h}`))) {
        out.referrer = referrer;
        out.referring_domain = host;
      }
    }
  }
  return normalizeCampaign(out);
}

const CAMPAIGN_KEYS: readonly string[] = [...CAMPAIGN_PARAMS, 'referrer', 'referring_domain'];

/** Known keys only, non-empty strings only, in a fixed key order; frozen. */
function normalizeCampaign(campaign: Campaign): Campaign {
  const out: Record<string, string> = {};
  for (const key of CAMPAIGN_KEYS) {
    const value = (campaign as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  if (out.referring_domain === undefined && out.referrer !== undefined) {
    try {
      out.referring_domain = new URL(out.referrer).hostname.toLowerCase();
    } catch {
      delete out.referrer;
    }
  }
  return Object.freeze(out);
}

/** The referring host compared between campaigns: lower case, a leading `www.` removed. */
function referringHost(c: Campaign): string {
  return (c.referring_domain ?? '').toLowerCase().replace(/^www\./, '');
}

/**
 * True when a campaign carries no source at all: no tracking parameter and no (external)
 * referrer. Such a visit is "direct" and never counts as a new campaign.
 *
 * @example
 * ```ts
 * import { isDirectTraffic } from '@matchkit/sdk/analytics';
 * isDirectTraffic({}); // true
 * isDirectTraffic({ utm_source: 'x' }); // false
 * ```
 */
export function isDirectTraffic(campaign: Campaign): boolean {
  const c = normalizeCampaign(campaign);
  return CAMPAIGN_PARAMS.every((p) => c[p] === undefined) && referringHost(c) === '';
}

/**
 * Whether `current` is a new campaign compared with the stored one (spec section 4: "one whose
 * referrer or tracking parameters differ from the stored ones"). Direct traffic is never new (it
 * neither starts a session nor replaces the stored campaign: last non-direct source wins). The
 * referrer is compared by host (case-insensitive, without `www.`), not by full URL: every search
 * results page has its own URL but is one source. Tracking parameters are compared exactly.
 *
 * @param current - the campaign of the visit being looked at
 * @param stored - the campaign stored for the member, `undefined` when there is none
 *
 * @example
 * ```ts
 * import { isNewCampaign } from '@matchkit/sdk/analytics';
 * isNewCampaign({ utm_source: 'a' }, { utm_source: 'a' }); // false
 * isNewCampaign({ utm_source: 'b' }, { utm_source: 'a' }); // true
 * isNewCampaign({}, { utm_source: 'a' }); // false: direct traffic
 * ```
 */
export function isNewCampaign(current: Campaign, stored: Campaign | undefined): boolean {
  const a = normalizeCampaign(current);
  if (isDirectTraffic(a)) return false;
  const b = normalizeCampaign(stored ?? {});
  return CAMPAIGN_PARAMS.some((p) => a[p] !== b[p]) || referringHost(a) !== referringHost(b);
}

/**
 * The session manager's state: the current session and what it needs to decide the next event.
 * Plain JSON data, so it can be persisted and restored.
 *
 * @example
 * ```ts
 * import type { SessionState } from '@matchkit/sdk/analytics';
 * const state: SessionState = { sessionId: 1_700_000_000_000, lastEventTime: 1_700_000_060_000, campaign: {} };
 * ```
 */
export interface SessionState {
  /** The session's id: its start time in epoch ms, bumped by 1 ms when needed to exceed the previous id. */
  readonly sessionId: number;
  /** The latest event time seen, epoch ms. */
  readonly lastEventTime: number;
  /** The stored (last non-direct) campaign. */
  readonly campaign: Campaign;
}

/**
 * An event as the session manager sees it: its own timestamp and, when the event is a page load
 * or navigation that knows where the visit came from, the campaign. Events without `campaign`
 * (clicks, API calls) never change the campaign.
 *
 * @example
 * ```ts
 * import type { SessionEvent } from '@matchkit/sdk/analytics';
 * const pageView: SessionEvent = { time: Date.UTC(2025, 7, 11, 9), campaign: { utm_source: 'newsletter' } };
 * const click: SessionEvent = { time: Date.UTC(2025, 7, 11, 9, 1) };
 * ```
 */
export interface SessionEvent {
  /** When the event happened, epoch milliseconds (a non-negative safe integer). */
  readonly time: number;
  /** The visit's campaign, when the event carries one. */
  readonly campaign?: Campaign | undefined;
}

/**
 * Options of {@link nextSession}.
 *
 * @example
 * ```ts
 * import type { SessionOptions } from '@matchkit/sdk/analytics';
 * const options: SessionOptions = { sessionTimeoutMs: 15 * 60_000, newSessionOnNewCampaign: true };
 * ```
 */
export interface SessionOptions {
  /**
   * A new session starts when more than this has passed since the last event.
   * @defaultValue 1800000 (30 minutes, the catalogue's `analytics.sessionTimeoutMs`)
   */
  readonly sessionTimeoutMs?: number | undefined;
  /** Whether a new campaign also starts a new session. @defaultValue `false` */
  readonly newSessionOnNewCampaign?: boolean | undefined;
}

/**
 * Why a session started: the first event ever, the timeout, or a new campaign.
 *
 * @example
 * ```ts
 * import type { SessionStartReason } from '@matchkit/sdk/analytics';
 * const r: SessionStartReason = 'timeout';
 * ```
 */
export type SessionStartReason = 'first-event' | 'timeout' | 'new-campaign';

/**
 * What {@link nextSession} decided for one event.
 *
 * @example
 * ```ts
 * import { nextSession } from '@matchkit/sdk/analytics';
 * const step = nextSession(undefined, { time: 1000 });
 * step.sessionStarted; // true
 * step.state.sessionId; // 1000
 * ```
 */
export interface SessionStep {
  /** The state after the event; the event belongs to `state.sessionId`. */
  readonly state: SessionState;
  /** True when this event starts a session. */
  readonly sessionStarted: boolean;
  /** Why it started, `null` when it did not. */
  readonly reason: SessionStartReason | null;
  /** True when the event brought a new campaign (the stored campaign was replaced). */
  readonly campaignChanged: boolean;
}

/**
 * The default session timeout: 30 minutes.
 *
 * @example
 * ```ts
 * import { DEFAULT_SESSION_TIMEOUT_MS } from '@matchkit/sdk/analytics';
 * DEFAULT_SESSION_TIMEOUT_MS; // 1800000
 * ```
 */
export const DEFAULT_SESSION_TIMEOUT_MS = 30 * 60 * 1000;

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The session manager (spec section 4), a pure function of the state and one event with its own
 * timestamp: a new session starts when more than the timeout has passed since the last event
 * (a gap of exactly the timeout stays in the session, as in Amplitude's SDKs), or, when
 * `newSessionOnNewCampaign` is set, on a new campaign ({@link isNewCampaign}). Session ids are
 * the start time in epoch ms, bumped to the previous id + 1 when an out-of-order event would
 * otherwise reuse or lower it, so ids never decrease. An event older than the last one belongs
 * to the current session (it cannot open a gap).
 *
 * @param state - the state so far, `undefined` before the first event
 * @param event - the event, with its own time
 * @param options - timeout and campaign rule; see {@link SessionOptions}
 * @throws MatchkitValidationError when the time, the state or the timeout is not a valid number
 *
 * @example
 * ```ts
 * import { nextSession } from '@matchkit/sdk/analytics';
 * const t0 = Date.UTC(2025, 7, 11, 9);
 * let step = nextSession(undefined, { time: t0 });
 * step = nextSession(step.state, { time: t0 + 29 * 60_000 }); // same session
 * step = nextSession(step.state, { time: t0 + 60 * 60_000 }); // 31 minutes later: new session
 * step.reason; // 'timeout'
 * step.state.sessionId; // t0 + 3600000
 * ```
 */
export function nextSession(state: SessionState | undefined, event: SessionEvent, options: SessionOptions = {}): SessionStep {
  const issues: ValidationIssue[] = [];
  if (!isTime(event?.time)) issues.push({ path: 'event.time', message: 'must be epoch milliseconds (a non-negative safe integer)' });
  if (state !== undefined) {
    if (!isTime(state?.sessionId)) issues.push({ path: 'state.sessionId', message: 'must be a non-negative safe integer' });
    if (!isTime(state?.lastEventTime)) issues.push({ path: 'state.lastEventTime', message: 'must be a non-negative safe integer' });
  }
  const timeout = options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS;
  if (!isTime(timeout) || timeout === 0) issues.push({ path: 'options.sessionTimeoutMs', message: 'must be a positive integer' });
  if (issues.length > 0) throw new MatchkitValidationError('session event', issues);
  return stepSession(state, event, timeout, options.newSessionOnNewCampaign === true);
}

/**
 * {@link nextSession} without the checks, for callers whose input is already valid (the analytics
 * instance). Internal.
 */
export function stepSession(
  state: SessionState | undefined,
  event: SessionEvent,
  timeout: number,
  newSessionOnNewCampaign: boolean,
): SessionStep {
  const t = event.time;
  const current = event.campaign === undefined ? undefined : normalizeCampaign(event.campaign);

  if (state === undefined) {
    const changed = current !== undefined && !isDirectTraffic(current);
    return {
      state: { sessionId: t, lastEventTime: t, campaign: changed ? current : Object.freeze({}) },
      sessionStarted: true,
      reason: 'first-event',
      campaignChanged: changed,
    };
  }

  const campaignChanged = current !== undefined && isNewCampaign(current, state.campaign);
  const reason: SessionStartReason | null =
    t - state.lastEventTime > timeout ? 'timeout' : campaignChanged && newSessionOnNewCampaign ? 'new-campaign' : null;
  const sessionId = reason === null ? state.sessionId : Math.max(t, state.sessionId + 1);
  // A session never starts after its last event, even when its id had to be bumped.
  const lastEventTime = Math.max(state.lastEventTime, t, sessionId);
  if (reason === null && !campaignChanged && lastEventTime === state.lastEventTime) {
    return { state, sessionStarted: false, reason: null, campaignChanged: false };
  }
  return {
    state: {
      sessionId,
      lastEventTime,
      campaign: campaignChanged && current !== undefined ? current : state.campaign,
    },
    sessionStarted: reason !== null,
    reason,
    campaignChanged,
  };
}

/**
 * Reads a persisted {@link SessionState} back (from JSON), or `undefined` when it is not one.
 *
 * @param value - what was stored
 *
 * @example
 * ```ts
 * import { restoreSessionState } from '@matchkit/sdk/analytics';
 * restoreSessionState(JSON.parse('{"sessionId":1,"lastEventTime":2,"campaign":{}}')); // the state
 * restoreSessionState({ sessionId: 'x' }); // undefined
 * ```
 */
export function restoreSessionState(value: unknown): SessionState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (!isTime(v.sessionId) || !isTime(v.lastEventTime) || v.lastEventTime < v.sessionId) return undefined;
  const campaign = typeof v.campaign === 'object' && v.campaign !== null ? normalizeCampaign(v.campaign as Campaign) : Object.freeze({});
  return { sessionId: v.sessionId, lastEventTime: v.lastEventTime, campaign };
}
