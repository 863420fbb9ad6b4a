import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalytics, createMemoryStorage } from '@matchkit/sdk/analytics';
import { createTestApp, type TestApp } from '../../test/app';
import { ANALYTICS_PATH, MAX_BATCH_BYTES, batchProblem } from './ingest';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.stop());

const post = (body: string, headers: Record<string, string> = {}) =>
  t.request(ANALYTICS_PATH, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('POST /api/analytics', () => {
  it('accepts what the sdk’s own uploader sends (createAnalytics, batch mode), answering as Amplitude does', async () => {
    const analytics = createAnalytics({
      storage: createMemoryStorage(),
      fetch: (url, init) => t.request(new URL(url).pathname, init),
      logger: { error: () => undefined, warn: () => undefined },
    });
    await analytics.init({
      apiKey: 'matchkit-web',
      userId: 'usr_12345',
      upload: { url: `http://localhost${ANALYTICS_PATH}`, flushIntervalMs: 0 },
    });
    analytics.track('page_view', { path: '/pro' });
    analytics.track('click', { label: 'Plans' });
    await analytics.flush();
    expect(analytics.getSnapshot()).toMatchObject({ queued: 0, lastUploadError: null });
    await analytics.shutdown();
  });

  it('answers 200 with the count of events ingested', async () => {
    const res = await post(
      JSON.stringify({
        api_key: 'k',
        events: [
          { event_type: 'page_view', device_id: 'd1' },
          { event_type: 'page_view', user_id: 'usr_1' },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 200, events_ingested: 2 });
  });

  it('refuses a malformed batch with 400 naming the field, and one over the cap with 413', async () => {
    const bad = await post(JSON.stringify({ api_key: 'k', events: [{ device_id: 'd' }] }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 400, error: 'events[0].event_type must be a non-empty string' });
    expect((await post('not json')).status).toBe(400);
    const big = await post(
      JSON.stringify({ api_key: 'k', events: [{ event_type: 'x', device_id: 'd', pad: 'a'.repeat(MAX_BATCH_BYTES) }] }),
    );
    expect(big.status).toBe(413);
  });
});

describe('the batch check', () => {
  it('names what is wrong', () => {
    expect(batchProblem([])).toBe('the body must be an object');
    expect(batchProblem({ events: [] })).toBe('api_key must be a non-empty string');
    expect(batchProblem({ api_key: 'k', events: [] })).toBe('events must be an array of 1 to 2000 events');
    expect(batchProblem({ api_key: 'k', events: [{ event_type: 'x' }] })).toBe('events[0] must have a device_id or a user_id');
  });
});
