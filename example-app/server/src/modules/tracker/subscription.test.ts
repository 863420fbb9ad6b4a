import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import type { PubSubPayload } from '../../pubsub/index';
import { DELETE, RECORD, SETTLE, member, qualifierInput, type Member } from './test-support';

const SUBSCRIBE = 'subscription { trackedBetChanged { change id bet { id status settledProfit } } }';

/** The `next` payloads of a server-sent event stream, one at a time. */
function events(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async function (): Promise<{
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: string } }[];
  } | null> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === 'complete') return null;
        if (event === 'next' && data !== undefined) return JSON.parse(data);
        continue; // keep-alive comments
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  /** Stops reading: the client goes away. */
  const close = () => reader.cancel();
  return { next, close };
}

describe('Subscription.trackedBetChanged', () => {
  let t: TestApp;
  let m: Member;
  beforeAll(async () => {
    t = await createTestApp();
    m = await member(t);
  });
  afterAll(() => t.stop());

  /** Opens the subscription over server-sent events through the handler (no port). */
  async function subscribe(token: string | null, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (token !== null) headers['authorization'] = `Bearer ${token}`;
    return t.app.handler(
      new Request(`${t.config.publicOrigin}/graphql`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: SUBSCRIBE }),
        ...(signal ? { signal } : {}),
      }),
    );
  }

  it("publishes { change, id, userId } (ids only) on the member's own topic for every write", async () => {
    const controller = new AbortController();
    const it = t.pubSub.subscribe(`tracker:${m.userId}`, controller.signal);
    const got: PubSubPayload[] = [];
    const reading = (async () => {
      for await (const msg of it) {
        got.push(msg);
        if (got.length === 3) break;
      }
    })();
    const r = await t.gql<{ recordBet: { id: string } }>(RECORD, { input: qualifierInput() }, { token: m.token });
    const id = r.data?.recordBet.id as string;
    await t.gql(SETTLE, { input: { id, results: ['lost', 'won'], settledAt: '2026-03-01T17:00:00Z' } }, { token: m.token });
    await t.gql(DELETE, { id }, { token: m.token });
    await reading;
    controller.abort();
    expect(got).toEqual([
      { change: 'created', id, userId: m.userId },
      { change: 'updated', id, userId: m.userId },
      { change: 'deleted', id, userId: m.userId },
    ]);
  });

  it("streams the viewer's own changes with the bet loaded from the database (null once deleted), never another member's", async () => {
    const controller = new AbortController();
    let sourceSignal: AbortSignal | undefined;
    const subscribeOriginal = t.pubSub.subscribe.bind(t.pubSub);
    (t.pubSub as { subscribe: typeof t.pubSub.subscribe }).subscribe = (topic, signal) => {
      sourceSignal = signal;
      return subscribeOriginal(topic, signal);
    };
    const response = await subscribe(m.token, controller.signal);
    (t.pubSub as { subscribe: typeof t.pubSub.subscribe }).subscribe = subscribeOriginal;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { next, close } = events(response);

    const other = await member(t);
    await t.gql(RECORD, { input: qualifierInput() }, { token: other.token });
    // A message on the member's topic that names someone else is dropped too.
    await t.pubSub.publish(`tracker:${m.userId}`, { change: 'created', id: 'x', userId: other.userId });

    const r = await t.gql<{ recordBet: { id: string } }>(RECORD, { input: qualifierInput() }, { token: m.token });
    const id = r.data?.recordBet.id as string;
    expect(await next()).toEqual({
      data: { trackedBetChanged: { change: 'created', id, bet: { id, status: 'open', settledProfit: null } } },
    });
    await t.gql(SETTLE, { input: { id, results: ['lost', 'won'], settledAt: '2026-03-01T17:00:00Z' } }, { token: m.token });
    expect(await next()).toEqual({
      data: { trackedBetChanged: { change: 'updated', id, bet: { id, status: 'settled', settledProfit: -76 } } },
    });
    await t.gql(DELETE, { id }, { token: m.token });
    expect(await next()).toEqual({ data: { trackedBetChanged: { change: 'deleted', id, bet: null } } });

    // Closing the stream ends the pubsub subscription behind it.
    expect(sourceSignal?.aborted).toBe(false);
    controller.abort();
    await close();
    await new Promise((r) => setTimeout(r, 50));
    expect(sourceSignal?.aborted).toBe(true);
  });

  it('refuses the subscription to the signed out (UNAUTHENTICATED) and to members without the tracker (FORBIDDEN)', async () => {
    const free = await member(t, 'none');
    for (const [token, code] of [
      [null, 'UNAUTHENTICATED'],
      ['not.a.token', 'UNAUTHENTICATED'],
      [free.token, 'FORBIDDEN'],
    ] as const) {
      const response = await subscribe(token);
      const first = await events(response).next();
      expect(first?.errors?.[0]?.extensions?.code).toBe(code);
      expect(first?.data ?? null).toBeNull();
    }
  });
});
