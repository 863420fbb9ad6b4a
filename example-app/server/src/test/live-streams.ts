// Test support for the live-stream tests: a GraphQL subscription read as server-sent events with
// fetch (as a client without the sdk would), and a plain GraphQL POST, against a running server.
import { expect } from 'vitest';

/** One server-sent-events subscription read with fetch: its events, and when (Date.now()) it ended. */
export interface EventStream {
  readonly events: { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] }[];
  readonly ended: Promise<number>;
  /** Goes away (as a closed tab would). */
  cancel(): Promise<void>;
}

export async function eventStream(origin: string, token: string, query: string): Promise<EventStream> {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const events: EventStream['events'] = [];
  const ended = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return Date.now();
      buffer += new TextDecoder().decode(value);
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const data = buffer
          .slice(0, cut)
          .split('\n')
          .find((l) => l.startsWith('data:'));
        buffer = buffer.slice(cut + 2);
        if (data !== undefined && data.slice(5).trim() !== '') events.push(JSON.parse(data.slice(5)) as EventStream['events'][number]);
      }
    }
  })();
  return { events, ended, cancel: () => reader.cancel() };
}

/** A GraphQL POST to the running server. */
export async function post(origin: string, query: string, variables: Record<string, unknown>, token?: string): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  const response = await fetch(`${origin}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return response.json();
}
