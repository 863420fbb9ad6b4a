import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands';
import { isValidationError } from '../errors';
import { validationPaths } from '../internal/testing/validation';
import {
  DEFAULT_SESSION_TIMEOUT_MS,
  isDirectTraffic,
  isNewCampaign,
  nextSession,
  parseCampaign,
  restoreSessionState,
  type SessionEvent,
  type SessionOptions,
  type SessionState,
} from '../analytics';

const MIN = 60_000;
const T0 = Date.UTC(2025, 7, 11, 8, 0, 0); // 09:00 UK time on the first sale day

/** Runs events through the session manager, returning the session id of each. */
function sessions(events: SessionEvent[], options?: SessionOptions): number[] {
  let state: SessionState | undefined;
  return events.map((e) => {
    state = nextSession(state, e, options).state;
    return state.sessionId;
  });
}

describe('nextSession', () => {
  it('uses a 30-minute timeout by default, the catalogue value of both brands', () => {
    expect(DEFAULT_SESSION_TIMEOUT_MS).toBe(30 * MIN);
    expect(getBrand('primary').analytics.sessionTimeoutMs).toBe(30 * MIN);
    expect(getBrand('secondary').analytics.sessionTimeoutMs).toBe(30 * MIN);
  });

  it('starts the first session at the first event, with the event time as its id', () => {
    const step = nextSession(undefined, { time: T0 });
    expect(step).toEqual({
      state: { sessionId: T0, lastEventTime: T0, campaign: {} },
      sessionStarted: true,
      reason: 'first-event',
      campaignChanged: false,
    });
  });

  it('keeps the session while gaps stay within 30 minutes, however long the session gets', () => {
    // 09:00, 09:29, 09:58, 10:27: each gap 29 minutes, the session spans 87 minutes.
    expect(sessions([0, 29, 58, 87].map((m) => ({ time: T0 + m * MIN })))).toEqual([T0, T0, T0, T0]);
  });

  it('keeps the session at a gap of exactly the timeout and starts one a millisecond later', () => {
    expect(sessions([{ time: T0 }, { time: T0 + 30 * MIN }])).toEqual([T0, T0]);
    const later = T0 + 30 * MIN + 1;
    expect(sessions([{ time: T0 }, { time: later }])).toEqual([T0, later]);
    const step = nextSession({ sessionId: T0, lastEventTime: T0, campaign: {} }, { time: later });
    expect(step.reason).toBe('timeout');
  });

  it('measures the gap from the last event, not from the session start', () => {
    // 09:00, 09:20, 09:45 (25 min after 09:20): same session although 45 min after its start.
    expect(sessions([0, 20, 45].map((m) => ({ time: T0 + m * MIN })))).toEqual([T0, T0, T0]);
  });

  it('honours a custom timeout', () => {
    const opts = { sessionTimeoutMs: 5 * MIN };
    expect(sessions([{ time: T0 }, { time: T0 + 5 * MIN }, { time: T0 + 10 * MIN + 1 }], opts)).toEqual([T0, T0, T0 + 10 * MIN + 1]);
  });

  it('puts a late (out-of-order) event in the current session and never lowers an id', () => {
    const ids = sessions([{ time: T0 }, { time: T0 + 10 * MIN }, { time: T0 - 5 * MIN }, { time: T0 + 12 * MIN }]);
    expect(ids).toEqual([T0, T0, T0, T0]);
  });

  it('bumps a new session id above the previous one when its event is older', () => {
    // A new campaign starts a session with an event stamped before the current session's start.
    const state: SessionState = { sessionId: T0, lastEventTime: T0, campaign: {} };
    const step = nextSession(state, { time: T0 - 1000, campaign: { utm_source: 'mail' } }, { newSessionOnNewCampaign: true });
    expect(step.reason).toBe('new-campaign');
    expect(step.state.sessionId).toBe(T0 + 1);
    expect(step.state.lastEventTime).toBe(T0 + 1); // a session never starts after its last event
  });

  it('records a new campaign without starting a session unless configured', () => {
    const first = nextSession(undefined, { time: T0, campaign: { utm_source: 'google', utm_medium: 'cpc' } });
    expect(first.campaignChanged).toBe(true);
    const next = nextSession(first.state, { time: T0 + MIN, campaign: { utm_source: 'newsletter' } });
    expect(next.sessionStarted).toBe(false);
    expect(next.campaignChanged).toBe(true);
    expect(next.state.sessionId).toBe(T0);
    expect(next.state.campaign).toEqual({ utm_source: 'newsletter' });
    const configured = nextSession(
      first.state,
      { time: T0 + MIN, campaign: { utm_source: 'newsletter' } },
      { newSessionOnNewCampaign: true },
    );
    expect(configured).toMatchObject({ sessionStarted: true, reason: 'new-campaign', campaignChanged: true });
    expect(configured.state.sessionId).toBe(T0 + MIN);
  });

  it('does not treat the same campaign again, or direct traffic, as new', () => {
    const opts = { newSessionOnNewCampaign: true };
    const first = nextSession(undefined, { time: T0, campaign: { utm_source: 'google', gclid: 'abc' } }, opts);
    const same = nextSession(first.state, { time: T0 + MIN, campaign: { gclid: 'abc', utm_source: 'google' } }, opts);
    expect(same).toMatchObject({ sessionStarted: false, campaignChanged: false });
    const direct = nextSession(same.state, { time: T0 + 2 * MIN, campaign: {} }, opts);
    expect(direct).toMatchObject({ sessionStarted: false, campaignChanged: false });
    expect(direct.state.campaign).toEqual({ utm_source: 'google', gclid: 'abc' }); // last non-direct source kept
    const none = nextSession(direct.state, { time: T0 + 3 * MIN }, opts);
    expect(none.campaignChanged).toBe(false);
  });

  it('returns the same state object when an event changes nothing', () => {
    const state: SessionState = { sessionId: T0, lastEventTime: T0 + MIN, campaign: {} };
    expect(nextSession(state, { time: T0 + MIN }).state).toBe(state);
    expect(nextSession(state, { time: T0 }).state).toBe(state);
  });

  it('lists every invalid number at once', () => {
    try {
      nextSession({ sessionId: Number.NaN, lastEventTime: -1, campaign: {} }, { time: 1.5 }, { sessionTimeoutMs: 0 });
      expect.unreachable();
    } catch (e) {
      expect(isValidationError(e)).toBe(true);
      if (isValidationError(e)) {
        expect(e.issues.map((i) => i.path)).toEqual(['event.time', 'state.sessionId', 'state.lastEventTime', 'options.sessionTimeoutMs']);
      }
    }
  });
});

describe('campaigns', () => {
  it('reads UTM parameters, click ids and an external referrer from the landing page', () => {
    const c = parseCampaign(
      'https://app.example/oddsmatching?utm_source=google&utm_medium=cpc&utm_campaign=aug-sale&utm_term=matched+betting&utm_content=ad1&gclid=G1&fbclid=F1&msclkid=M1&dclid=D1&ttclid=T1&li_fat_id=L1&wbraid=W1&gbraid=B1&other=x',
      { referrer: 'https://www.Google.com/search?q=matched+betting' },
    );
    expect(c).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'aug-sale',
      utm_term: 'matched betting',
      utm_content: 'ad1',
      gclid: 'G1',
      fbclid: 'F1',
      msclkid: 'M1',
      dclid: 'D1',
      ttclid: 'T1',
      li_fat_id: 'L1',
      wbraid: 'W1',
      gbraid: 'B1',
      referrer: 'https://www.Google.com/search?q=matched+betting',
      referring_domain: 'www.google.com',
    });
  });

  it('ignores empty parameters, internal and excluded referrers, and referrers that are not web pages', () => {
    expect(parseCampaign('https://app.example/?utm_source=')).toEqual({});
    expect(parseCampaign('https://app.example/a', { referrer: 'https://app.example/b' })).toEqual({});
    expect(
      parseCampaign('https://app.example/a', { referrer: 'https://shop.brand.example/', excludeReferrers: ['brand.example'] }),
    ).toEqual({});
    expect(parseCampaign('https://app.example/a', { referrer: 'android-app://com.example' })).toEqual({});
    expect(parseCampaign('https://app.example/a', { referrer: 'not a url' })).toEqual({});
    expect(() => parseCampaign('/relative')).toThrow(/pageUrl/);
    expect(validationPaths(() => parseCampaign('/relative', { referrer: 42 as unknown as string }))).toEqual([
      'pageUrl',
      'options.referrer',
    ]);
  });

  it('compares referrers by host, case-insensitively and without www., and parameters exactly', () => {
    const google1 = parseCampaign('https://app.example/', { referrer: 'https://www.google.com/search?q=a' });
    const google2 = parseCampaign('https://app.example/', { referrer: 'https://GOOGLE.com/search?q=b' });
    const bing = parseCampaign('https://app.example/', { referrer: 'https://www.bing.com/' });
    expect(isNewCampaign(google2, google1)).toBe(false);
    expect(isNewCampaign(bing, google1)).toBe(true);
    expect(isNewCampaign({ utm_source: 'Google' }, { utm_source: 'google' })).toBe(true);
    expect(isNewCampaign({ utm_source: 'google', utm_term: 'x' }, { utm_source: 'google' })).toBe(true);
    expect(isNewCampaign({ utm_source: 'google' }, undefined)).toBe(true);
  });

  it('treats a visit with no parameters and no referrer as direct traffic, never as a new campaign', () => {
    expect(isDirectTraffic({})).toBe(true);
    expect(isDirectTraffic({ utm_source: '' })).toBe(true);
    expect(isDirectTraffic({ referrer: 'https://news.example/' })).toBe(false);
    expect(isNewCampaign({}, { utm_source: 'google' })).toBe(false);
    expect(isNewCampaign({}, undefined)).toBe(false);
  });
});

describe('restoreSessionState', () => {
  it('reads back what JSON.stringify wrote, and rejects anything else', () => {
    const state = nextSession(undefined, { time: T0, campaign: { utm_source: 'x' } }).state;
    expect(restoreSessionState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(restoreSessionState(null)).toBeUndefined();
    expect(restoreSessionState({ sessionId: T0, lastEventTime: T0 - 1, campaign: {} })).toBeUndefined();
    expect(restoreSessionState({ sessionId: '1', lastEventTime: 2 })).toBeUndefined();
    expect(restoreSessionState({ sessionId: 1, lastEventTime: 2, campaign: { utm_source: 'a', junk: 1 } })).toEqual({
      sessionId: 1,
      lastEventTime: 2,
      campaign: { utm_source: 'a' },
    });
  });
});
