import { describe, expect, it } from 'vitest';
import { readCappedText } from './body';

function chunked(parts: number, size: number): { request: Request; pulled: () => number } {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= parts) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { request: new Request('http://x/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit), pulled: () => pulled };
}

describe('readCappedText', () => {
  it('reads a body within the cap', async () => {
    expect(await readCappedText(new Request('http://x/', { method: 'POST', body: 'hello' }), 10)).toBe('hello');
  });

  it('refuses a declared length over the cap without reading', async () => {
    const request = new Request('http://x/', { method: 'POST', body: 'x'.repeat(20), headers: { 'content-length': '20' } });
    expect(await readCappedText(request, 10)).toBeNull();
  });

  it('stops reading a chunked body once it passes the cap (does not read the rest)', async () => {
    const { request, pulled } = chunked(1000, 1024);
    expect(await readCappedText(request, 4096)).toBeNull();
    expect(pulled()).toBeLessThan(10);
  });
});
