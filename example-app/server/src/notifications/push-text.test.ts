// A push's body clipped to what is sent: the whole payload's JSON in UTF-8 bytes, the body's
// characters, and whole graphemes only.
import fc from 'fast-check';
import { MatchkitValidationError } from '@matchkit/sdk/errors';
import { describe, expect, it } from 'vitest';
import { MAX_PAYLOAD_BYTES, MAX_PUSH_BODY, clipPushText, fitPushPayload, pushMessage, type PushPayload } from './settings';

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const graphemesOf = (text: string) => [...segmenter.segment(text)].map((s) => s.segment);
const sentBytes = (p: PushPayload) => Buffer.byteLength(JSON.stringify({ title: p.title, body: p.body, url: p.url, tag: p.tag }));

/** Text as the feed may name things: words of letters, accents, emoji (ZWJ sequences, flags), CJK, quotes and controls. */
const piece = fc.constantFrom(
  'Borussia',
  'Mönchengladbach',
  'e\u0301',
  '😀',
  '👨‍👩‍👧‍👦',
  '🇬🇧',
  '東京',
  '"',
  '\\',
  '\u0007',
  ',',
  ' ',
  ' ',
  ' ',
  'v',
);
const feedText = fc.array(piece, { maxLength: 1_200 }).map((parts) => parts.join(''));
const payloadOf = (body: string, title: string, url: string): PushPayload => ({ title, body, url, tag: 'odds-alert-oa_1' });
const title = fc.array(piece, { minLength: 1, maxLength: 30 }).map((parts) => `Alert ${parts.join('')}`.slice(0, 120));
const url = fc
  .array(fc.constantFrom('a', 'é', '%20', '&bm=alder-bet', '😀'), { maxLength: 200 })
  .map((parts) => `/oddsmatcher?q=${parts.join('')}`);

describe('a push payload fitted to what is sent', () => {
  it('never exceeds the payload’s bytes or the body’s characters, and is one pushMessage takes', () => {
    fc.assert(
      fc.property(feedText, title, url, (text, t, u) => {
        const fitted = fitPushPayload(payloadOf(`Match: ${text}`, t, u));
        expect(sentBytes(fitted)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
        expect(fitted.body.length).toBeLessThanOrEqual(MAX_PUSH_BODY);
        expect(() => pushMessage('odds-alerts', fitted)).not.toThrow();
      }),
      { numRuns: 300, seed: 8 },
    );
  });

  it('never breaks a grapheme: what is kept is the text’s first whole graphemes, then an ellipsis', () => {
    let clipped = 0;
    fc.assert(
      fc.property(feedText, fc.integer({ min: 1, max: 600 }), fc.integer({ min: 3, max: 3_000 }), (text, chars, bytes) => {
        const out = clipPushText(text, { chars, bytes });
        if (out === text) return;
        clipped++;
        expect(out.endsWith('…')).toBe(true);
        const kept = graphemesOf(out.slice(0, -1));
        expect(kept).toEqual(graphemesOf(text).slice(0, kept.length));
        expect(out.length).toBeLessThanOrEqual(chars);
        expect(Buffer.byteLength(JSON.stringify(out)) - 2).toBeLessThanOrEqual(bytes);
      }),
      { numRuns: 300, seed: 9 },
    );
    expect(clipped).toBeGreaterThan(50);
  });

  it('leaves a text that fits unchanged', () => {
    fc.assert(
      fc.property(feedText, (text) => {
        const limits = { chars: text.length, bytes: Buffer.byteLength(JSON.stringify(text)) - 2 };
        expect(clipPushText(text, limits)).toBe(text);
        const payload = payloadOf(`Match: ${text}`, 'Alert', '/oddsmatcher');
        if (sentBytes(payload) <= MAX_PAYLOAD_BYTES && payload.body.length <= MAX_PUSH_BODY)
          expect(fitPushPayload(payload)).toEqual(payload);
      }),
      { numRuns: 200, seed: 10 },
    );
  });

  it('cuts at a word boundary where there is one, mid-word only for a first word too long', () => {
    expect(clipPushText('😀'.repeat(10), { chars: 6, bytes: 1_000 })).toBe('😀😀…');
    // Bytes bind before characters: each emoji is 4 bytes, the ellipsis 3.
    expect(clipPushText('😀'.repeat(10), { chars: 100, bytes: 12 })).toBe('😀😀…');
    // A family emoji is one grapheme of 11 code units: kept whole or not at all.
    expect(clipPushText('👨‍👩‍👧‍👦👨‍👩‍👧‍👦', { chars: 20, bytes: 1_000 })).toBe('👨‍👩‍👧‍👦…');
    expect(clipPushText('abcdefghij', { chars: 5, bytes: 1_000 })).toBe('abcd…');
    expect(clipPushText('one two, three', { chars: 10, bytes: 1_000 })).toBe('one two…');
    expect(clipPushText('ab cde fgh', { chars: 7, bytes: 1_000 })).toBe('ab cde…');
    expect(clipPushText('short', { chars: 5, bytes: 5 })).toBe('short');
    expect(clipPushText('short', { chars: 5, bytes: 2 })).toBe('');
  });
});

describe('limits and room that cannot be met', () => {
  it('refuses a limit that is NaN, negative or fractional, naming it', () => {
    expect(() => clipPushText('text', { chars: Number.NaN, bytes: 100 })).toThrow(/limits\.chars/);
    expect(() => clipPushText('text', { chars: 100, bytes: -1 })).toThrow(RangeError);
    expect(() => clipPushText('text', { chars: 100, bytes: 2.5 })).toThrow(/limits\.bytes/);
  });

  it('names title and url, not body, when they leave no room for a body', () => {
    const payload: PushPayload = { title: 'T', body: 'a body', url: `/${'x'.repeat(MAX_PAYLOAD_BYTES)}`, tag: 't' };
    let error: unknown;
    try {
      fitPushPayload(payload);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MatchkitValidationError);
    expect((error as MatchkitValidationError).issues.map((i) => i.path)).toEqual(['title', 'url']);
  });
});
