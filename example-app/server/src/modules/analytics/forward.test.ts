// Forwarding to an external analytics provider, against a local provider on loopback that reads
// Amplitude's batch format: every stored event arrives with the server's key, in order, once the
// provider answers 200; a 500, a dropped connection or a lapsed lease sends the same events again
// (none lost; the provider drops repeats by insert_id); a 400 marks them refused, not retried.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsForwardQueue } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { addMember } from '../../test/fixture-members';
import { forwardBackoffMs, forwardOnce, forwardQueueDepth, type ForwardTarget } from './forward';
import { ANALYTICS_PATH } from './ingest';

interface Received {
  readonly apiKey: unknown;
  readonly events: {
    insert_id: string;
    event_type: string;
    device_id?: string;
    user_id?: string;
    time: number;
    event_properties: Record<string, unknown>;
  }[];
}

/** A provider that answers each request with the next of `answers` (200 when they run out), or drops the connection on 0. */
function provider() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { api_key: unknown; events: Received['events'] };
      const status = answers.shift() ?? 200;
      if (status === 0) {
        req.socket.destroy();
        return;
      }
      if (status === 200) received.push({ apiKey: parsed.api_key, events: parsed.events });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { code: 200, events_ingested: parsed.events.length } : { code: status, error: 'no' }));
    });
  });
  return { server, received, answers };
}

const KEY = 'provider-project-key-1234';
let t: TestApp;
let fake: ReturnType<typeof provider>;
let target: ForwardTarget;
let counter = 0;

beforeAll(async () => {
  fake = provider();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/batch`;
  target = { url, key: KEY };
  // Not started (no pass runs), and its pass would wait an hour anyway: these tests drive forwardOnce themselves.
  t = await createTestApp({ env: { ANALYTICS_FORWARD_URL: url, ANALYTICS_FORWARD_KEY: KEY, ANALYTICS_FORWARD_INTERVAL_MS: '3600000' } });
});
afterAll(async () => {
  await t.stop();
  await new Promise((resolve) => fake.server.close(resolve));
});

async function upload(n: number, token?: string, userId?: string): Promise<string[]> {
  const ids: string[] = [];
  const events = Array.from({ length: n }, () => {
    counter += 1;
    ids.push(`fwd-${counter}`);
    return {
      event_type: 'page_view',
      device_id: 'fwd-device',
      session_id: 77,
      time: t.clock(),
      insert_id: `fwd-${counter}`,
      user_id: userId,
      event_properties: { path: '/pro' },
    };
  });
  const res = await t.request(ANALYTICS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ api_key: 'matchkit-web', events }),
  });
  expect(res.status).toBe(200);
  return ids;
}

const delivered = () => fake.received.flatMap((r) => r.events.map((e) => e.insert_id));

describe('forwarding', () => {
  it('sends each stored event with the server’s key in the provider’s format, and empties the queue', async () => {
    const member = await addMember(t);
    const ids = await upload(3, member.token, member.id);
    const before = fake.received.length;
    expect(await forwardOnce(t.database.db, target, t.clock())).toEqual({ kind: 'sent', events: 3 });
    const batch = fake.received[before];
    expect(batch?.apiKey).toBe(KEY);
    expect(batch?.events.map((e) => e.insert_id)).toEqual(ids);
    expect(batch?.events[0]).toMatchObject({
      event_type: 'page_view',
      user_id: member.id,
      session_id: 77,
      time: t.clock(),
      event_properties: { page: '/pro' },
    });
    // The device as stored: its keyed hash, never the browser's id.
    expect(batch?.events[0]?.device_id).not.toBe('fwd-device');
    expect(await forwardQueueDepth(t.database.db)).toMatchObject({ waiting: 0, retrying: 0, refused: 0, oldestWaitingAt: null });
    expect(await forwardOnce(t.database.db, target, t.clock())).toEqual({ kind: 'idle' });
  });

  it('loses nothing to a 500, a dropped connection or a sender that died: the same events come again after the backoff', async () => {
    const ids = await upload(4);
    fake.answers.push(500, 0);
    const now = t.clock();
    expect(await forwardOnce(t.database.db, target, now)).toMatchObject({ kind: 'retry', events: 4 });
    // The operations page's figures: four waiting, all retrying, since they arrived (the database's
    // time, not the test's clock), and why.
    expect(await forwardQueueDepth(t.database.db)).toEqual({
      waiting: 4,
      retrying: 4,
      refused: 0,
      oldestWaitingAt: expect.any(Date),
      lastError: expect.stringContaining('HTTP 500'),
    });
    // Not before its backoff.
    expect(await forwardOnce(t.database.db, target, now + 1_000)).toEqual({ kind: 'idle' });
    // The backoff counts from the answer: a little real time later than `now`.
    expect(await forwardOnce(t.database.db, target, now + forwardBackoffMs(1) + 2_000)).toMatchObject({ kind: 'retry', events: 4 });
    // A sender that leased a batch and died (the lease, never settled) is overtaken once it lapses.
    await t.database.db.update(analyticsForwardQueue).set({ leaseUntil: new Date(now + 10 * 60_000) });
    expect(await forwardOnce(t.database.db, target, now + 10 * 60_000 + 1)).toEqual({ kind: 'sent', events: 4 });
    expect(delivered().filter((id) => ids.includes(id))).toEqual(ids);
  });

  it('splits a batch the provider refuses as malformed until the bad event is alone: the others go, it is kept, not sent again', async () => {
    const [bad, good] = await upload(2);
    // The batch, then its first half (the bad event alone): 400; its second half: 200.
    fake.answers.push(400, 400, 200);
    expect(await forwardOnce(t.database.db, target, t.clock())).toMatchObject({ kind: 'refused', events: 1 });
    expect(delivered()).toContain(good);
    expect(delivered()).not.toContain(bad);
    expect(await forwardQueueDepth(t.database.db)).toMatchObject({ waiting: 0, retrying: 0, refused: 1 });
    expect(await forwardOnce(t.database.db, target, t.clock() + 3_600_000)).toEqual({ kind: 'idle' });
  });

  it('sends refused events again once an administrator asks, and says so in the audit log', async () => {
    const admin = await addMember(t, { additionalCapabilities: ['PA-CAP-028'] });
    const earlier = (await forwardQueueDepth(t.database.db)).refused;
    const [bad] = await upload(1);
    fake.answers.push(400);
    expect(await forwardOnce(t.database.db, target, t.clock())).toMatchObject({ kind: 'refused', events: 1 });
    const status = await t.gql<{ adminAnalyticsForwarding: Record<string, unknown> }>(
      '{ adminAnalyticsForwarding { configured host waiting refused } }',
      {},
      { token: admin.token },
    );
    // The provider's host, never its key.
    expect(status.data?.adminAnalyticsForwarding).toEqual({
      configured: true,
      host: new URL(target.url).host,
      waiting: 0,
      refused: earlier + 1,
    });
    const retried = await t.gql<{ adminRetryRefusedAnalytics: number }>(
      'mutation { adminRetryRefusedAnalytics }',
      {},
      { token: admin.token },
    );
    expect(retried.errors).toBeUndefined();
    expect(retried.data?.adminRetryRefusedAnalytics).toBe(earlier + 1);
    expect(await forwardQueueDepth(t.database.db)).toMatchObject({ waiting: earlier + 1, retrying: 0, refused: 0 });
    expect(await forwardOnce(t.database.db, target, t.clock())).toEqual({ kind: 'sent', events: earlier + 1 });
    expect(delivered()).toContain(bad);
    // Asked again with nothing refused: nothing done, and no line.
    expect(
      (await t.gql<{ adminRetryRefusedAnalytics: number }>('mutation { adminRetryRefusedAnalytics }', {}, { token: admin.token })).data,
    ).toEqual({
      adminRetryRefusedAnalytics: 0,
    });
    const log = await t.gql<{ adminAuditLog: { nodes: { action: string; admin: string; before: string; after: string }[] } }>(
      '{ adminAuditLog(target: "analytics-forwarding") { nodes { action admin before after } } }',
      {},
      { token: admin.token },
    );
    expect(log.data?.adminAuditLog.nodes).toHaveLength(1);
    expect(log.data?.adminAuditLog.nodes[0]).toEqual({
      action: 'adminRetryRefusedAnalytics',
      admin: admin.id,
      before: `{"refused":${earlier + 1}}`,
      after: `{"requeued":${earlier + 1}}`,
    });
  });

  it('backs off from 5 s, doubling, to at most 10 minutes', () => {
    expect([1, 2, 3, 8, 20].map(forwardBackoffMs)).toEqual([5_000, 10_000, 20_000, 600_000, 600_000]);
  });
});

describe('the module’s forwarding pass', () => {
  it('forwards what an upload stored without anyone asking', async () => {
    const own = provider();
    await new Promise<void>((resolve) => own.server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(own.server.address() as AddressInfo).port}/batch`;
    const app = await createTestApp({
      env: { ANALYTICS_FORWARD_URL: url, ANALYTICS_FORWARD_KEY: KEY, ANALYTICS_FORWARD_INTERVAL_MS: '100' },
    });
    try {
      // Modules start their passes with the server.
      await app.app.start(0, '127.0.0.1');
      const res = await app.request(ANALYTICS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          api_key: 'matchkit-web',
          events: [{ event_type: 'page_view', device_id: 'pass-device', insert_id: 'pass-1' }],
        }),
      });
      expect(res.status).toBe(200);
      await expect.poll(() => own.received.flatMap((r) => r.events.map((e) => e.insert_id)), { timeout: 10_000 }).toEqual(['pass-1']);
    } finally {
      await app.stop();
      await new Promise((resolve) => own.server.close(resolve));
    }
  });
});
