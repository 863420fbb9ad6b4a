// Reading a request body with a byte cap: a chunked body (no Content-Length) is read only up to
// the cap, then the stream is cancelled, so no route reads an unbounded body into memory.

/** The body as UTF-8 text, or null when it is larger than `maxBytes` (answer 413). */
export async function readCappedText(request: Request, maxBytes: number): Promise<string | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return null;
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
