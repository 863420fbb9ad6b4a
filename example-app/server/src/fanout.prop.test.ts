import { constants, createInflateRaw, type InflateRaw } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflatedTail, frameStart } from './fanout';

const SYNC_FLUSH_TAIL = Buffer.from([0x00, 0x00, 0xff, 0xff]);

/** A frame's payload: the bytes after its two-, four- or ten-byte header (the server never masks). */
function payloadOf(start: Buffer, deflated: Buffer): { payload: Buffer; declared: number; fin: boolean; rsv1: boolean; opcode: number } {
  const frame = Buffer.concat([start, deflated]);
  const short = frame[1] as number;
  const declared = short < 126 ? short : short === 126 ? frame.readUInt16BE(2) : Number(frame.readBigUInt64BE(2));
  const headerLength = short < 126 ? 2 : short === 126 ? 4 : 10;
  const first = frame[0] as number;
  return { payload: frame.subarray(headerLength), declared, fin: (first & 0x80) !== 0, rsv1: (first & 0x40) !== 0, opcode: first & 0x0f };
}

/** Inflates one message as RFC 7692's receiver does: the payload, then 00 00 ff ff, with a sync flush, on a stream that may hold earlier messages. */
function inflateMessage(inflater: InflateRaw, payload: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    inflater.on('data', onData);
    inflater.once('error', reject);
    inflater.write(Buffer.concat([payload, SYNC_FLUSH_TAIL]));
    inflater.flush(constants.Z_SYNC_FLUSH, () => {
      inflater.off('data', onData);
      inflater.off('error', reject);
      resolve(Buffer.concat(chunks));
    });
  });
}

/** Text like a patch's JSON (repeated keys, numbers, nulls) with any characters among it. */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom('"keys":[', '"betconnect:win:hr-305-293522/win/2",', '1.85,', '37600,', 'null,', '⚽', '£', 'é'),
      fc.string({ unit: 'binary', maxLength: 12 }),
    ),
    { minLength: 30, maxLength: 600 },
  )
  .map((parts) => parts.join(''));

describe('a shared message compressed once for every socket (fanout.ts, permessage-deflate)', () => {
  it("law: each socket's frame inflates to its own head then the shared bytes, for any window, with or without the earlier messages kept", async () => {
    let compressed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ head: fc.string({ maxLength: 200 }), tail: text }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 9, max: 15 }),
        fc.boolean(),
        async (messages, windowBits, takeover) => {
          // A receiver that keeps its window across messages (context takeover) reads them in order on one stream.
          let inflater = createInflateRaw({ windowBits });
          for (const { head, tail } of messages) {
            const shared = Buffer.from(`${tail}}`, 'utf8');
            const deflated = deflatedTail(shared, windowBits);
            // null: deflating would not have made it smaller (the caller sends it uncompressed).
            if (deflated === null) continue;
            compressed += 1;
            const start = frameStart(head, deflated.length, true);
            const frame = payloadOf(start, deflated);
            expect(frame).toMatchObject({ fin: true, rsv1: true, opcode: 1 });
            expect(frame.payload.length).toBe(frame.declared);
            if (!takeover) inflater = createInflateRaw({ windowBits });
            const inflated = await inflateMessage(inflater, frame.payload);
            expect(inflated.toString('utf8')).toBe(`${head}${tail}}`);
          }
          inflater.close();
        },
      ),
      { numRuns: 60 },
    );
    // Most of the generated texts compress: the law was checked on real frames, not skipped.
    expect(compressed).toBeGreaterThan(60 * 0.8);
  });

  it('deflates a shared serialisation once per window size, and the same bytes every time', () => {
    const shared = Buffer.from(
      `{"data":{"oddsPatches":{"seq":1,"quotes":{"keys":[${'"betconnect:win:hr-305-293522/win/2",'.repeat(200)}"x"]}}}}`,
      'utf8',
    );
    const first = deflatedTail(shared, 15);
    expect(first).not.toBeNull();
    expect(deflatedTail(shared, 15)).toBe(first);
    const small = deflatedTail(shared, 9);
    expect(small).not.toBe(first);
    expect(deflatedTail(shared, 9)).toBe(small);
    // Repetitive JSON, as the patches are: several times smaller.
    expect((first as Buffer).length * 5).toBeLessThan(shared.length);
  });

  it('writes each length form of a frame, compressed or not: 7 bits, 16 bits and 64 bits', () => {
    // A head with a character of two bytes: lengths are counted in bytes, not characters.
    const head = '{"id":"é","type":"next","payload":';
    const headBytes = Buffer.byteLength(head);
    for (const compressed of [true, false])
      // Each side of each length form's boundary (payloads of 125/126 and 65,535/65,536 bytes).
      for (const [tailLength, headerLength] of [
        [10, 2],
        [125 - headBytes - (compressed ? 5 : 0), 2],
        [126 - headBytes - (compressed ? 5 : 0), 4],
        [200, 4],
        [65_535 - headBytes - (compressed ? 5 : 0), 4],
        [65_536 - headBytes - (compressed ? 5 : 0), 10],
        [70_000, 10],
      ] as const) {
        const start = frameStart(head, tailLength, compressed);
        const short = (start[1] as number) & 0x7f;
        expect(short === 127 ? 10 : short === 126 ? 4 : 2).toBe(headerLength);
        const declared = headerLength === 2 ? short : headerLength === 4 ? start.readUInt16BE(2) : Number(start.readBigUInt64BE(2));
        expect(declared).toBe((compressed ? 5 : 0) + headBytes + tailLength);
        expect(start.length).toBe(headerLength + (compressed ? 5 : 0) + headBytes);
        if (compressed) expect(start.readUInt16LE(headerLength + 1)).toBe(headBytes);
        expect(start[0]).toBe(compressed ? 0xc1 : 0x81);
        // Not masked (a server's frames never are), and the head where the payload starts.
        expect((start[1] as number) & 0x80).toBe(0);
        expect(start.subarray(headerLength + (compressed ? 5 : 0)).toString()).toBe(head);
      }
    expect(() => frameStart('x'.repeat(0x10000), 1, true)).toThrow(RangeError);
    expect(() => frameStart('é'.repeat(0x8000), 1, true)).toThrow(RangeError);
  });
});
