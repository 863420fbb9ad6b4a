import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, createMemoryStorage, type Analytics, type AnalyticsFetch } from '@matchkit/sdk/analytics';
import { clickLabel, trackClicks } from './clicks';
import { CONSENT_KEY, createConsentStore } from './consent';
import { capturingFetch, FAILED_REQUEST_EVENT } from './network';

// The app's analytics pieces over a real sdk session whose uploads land in memory (`sent`).

const sessions: Analytics[] = [];
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.shutdown();
  vi.restoreAllMocks();
});

function session() {
  const sent: { event_type: string; event_properties?: Record<string, unknown> }[] = [];
  const upload: AnalyticsFetch = (_url, init) => {
    sent.push(...(JSON.parse(init.body) as { events: typeof sent }).events);
    return Promise.resolve(new Response(JSON.stringify({ code: 200 }), { status: 200 }));
  };
  const analytics = createAnalytics({ storage: createMemoryStorage(), fetch: upload });
  sessions.push(analytics);
  const start = () => analytics.init({ apiKey: 'matchkit-web', upload: { url: 'http://localhost/api/analytics', flushIntervalMs: 0 } });
  return { analytics, sent, start };
}

describe('consent', () => {
  it('is unset until chosen, then remembered in storage under one key', () => {
    const storage = new Map<string, string>();
    const backing = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    const store = createConsentStore(backing);
    expect(store.getSnapshot()).toBe('unset');
    store.set('accepted');
    expect(storage.get(CONSENT_KEY)).toBe('accepted');
    expect(createConsentStore(backing).getSnapshot()).toBe('accepted');
  });
});

describe('failed requests', () => {
  const answering = (status: number) => () => Promise.resolve(new Response('x', { status }));

  it('records nothing (and logs nothing) before analytics runs', async () => {
    const { analytics, sent } = session();
    const error = vi.spyOn(console, 'error');
    await capturingFetch(analytics, answering(503))('http://localhost/graphql', { method: 'POST' });
    await expect(
      capturingFetch(analytics, () => Promise.reject(new TypeError('offline')))('http://localhost/graphql', { method: 'POST' }),
    ).rejects.toThrow('offline');
    expect(analytics.getSnapshot().queued).toBe(0);
    expect(sent).toEqual([]);
    expect(error).not.toHaveBeenCalled();
  });

  it('records a 5xx and a network failure, without query or authorization, and not a 4xx or an abort', async () => {
    const { analytics, sent, start } = session();
    await start();
    const headers = { authorization: 'Bearer secret-token', 'content-type': 'application/json' };
    await capturingFetch(analytics, answering(502))('http://localhost/graphql?token=abc', { method: 'POST', headers });
    await capturingFetch(analytics, answering(404))('http://localhost/graphql', { method: 'POST' });
    await expect(
      capturingFetch(analytics, () => Promise.reject(new TypeError('offline')))('http://localhost/graphql', { method: 'POST' }),
    ).rejects.toThrow();
    await expect(
      capturingFetch(analytics, () => Promise.reject(new DOMException('gone', 'AbortError')))('http://localhost/graphql', {}),
    ).rejects.toThrow();
    await analytics.flush();
    expect(sent.map((e) => [e.event_type, e.event_properties?.status, e.event_properties?.url])).toEqual([
      [FAILED_REQUEST_EVENT, 502, 'http://localhost/graphql'],
      [FAILED_REQUEST_EVENT, 0, 'http://localhost/graphql'],
    ]);
    expect(JSON.stringify(sent)).not.toContain('secret-token');
  });
});

describe('clicks', () => {
  it('labels by data-track, aria-label or text, and drops what looks personal', () => {
    const el = (html: string) => {
      const d = document.createElement('div');
      d.innerHTML = html;
      return d.firstElementChild as Element;
    };
    expect(clickLabel(el('<button data-track="buy-pro">Buy</button>'))).toBe('buy-pro');
    expect(clickLabel(el('<button>  Plans   and prices </button>'))).toBe('Plans and prices');
    expect(clickLabel(el('<a href="/x">ada@example.com</a>'))).toBeNull();
    expect(clickLabel(el('<a href="/x">Card 4242424242424242</a>'))).toBeNull();
  });

  it('records a button press from the document listener once running, and stops when asked', async () => {
    const { analytics, sent, start } = session();
    await start();
    document.body.innerHTML = '<main><button type="button">Save <span>now</span></button></main>';
    const stop = trackClicks(analytics, document, { brand: 'primary' });
    document.querySelector('span')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    stop();
    document.querySelector('button')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await analytics.flush();
    expect(sent.map((e) => [e.event_type, e.event_properties])).toEqual([
      ['click', { brand: 'primary', element: 'button', label: 'Save now', path: '/' }],
    ]);
  });
});
