import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DENIED_HEADERS, NEVER_RECORDED_HEADERS, redactHeaders } from '../analytics';
import { recordedUrl } from './network';
import { validationError } from '../internal/testing/validation';

const randomCase = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((upper) => [...name].map((ch, i) => (upper[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''));

describe('redactHeaders', () => {
  it('never records authorization, proxy-authorization, cookie or set-cookie, in any letter case', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NEVER_RECORDED_HEADERS).chain(randomCase),
        fc.string(),
        fc.constantFrom('record', 'pairs', 'headers'),
        (name, value, shape) => {
          const pairs: [string, string][] = [
            [name, `secret ${value}`],
            ['Content-Type', 'text/html'],
          ];
          const input =
            shape === 'record'
              ? Object.fromEntries(pairs)
              : shape === 'pairs'
                ? pairs
                : new Headers(pairs.map(([n, v]): [string, string] => [n, v.replace(/[\r\n\0]/g, '')]));
          const out = redactHeaders(input);
          expect(Object.keys(out)).toEqual(['content-type']);
          expect(JSON.stringify(out)).not.toContain('secret');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves out the default deny list and any named header, case-insensitively, keeping the rest', () => {
    expect(DEFAULT_DENIED_HEADERS).toEqual(['x-api-key', 'x-auth-token', 'x-csrf-token', 'x-xsrf-token']);
    const out = redactHeaders(
      { Authorization: 'Bearer abc', 'X-API-Key': 'k', 'X-Session': 's', 'Content-Type': 'application/json', 'X-Request-Id': 'r1' },
      { deny: ['x-SESSION'] },
    );
    expect(out).toEqual({ 'content-type': 'application/json', 'x-request-id': 'r1' });
  });

  it('joins repeated headers and accepts nothing at all', () => {
    expect(
      redactHeaders([
        ['Accept', 'a'],
        ['accept', 'b'],
      ]),
    ).toEqual({ accept: 'a, b' });
    expect(redactHeaders({ Vary: ['Origin', 'Accept'] })).toEqual({ vary: 'Origin, Accept' });
    expect(redactHeaders(undefined)).toEqual({});
  });
});

describe('recordedUrl', () => {
  it('never records user-info credentials, with or without the query string', () => {
    expect(recordedUrl('https://user:secret@api.example.com/x?token=t#frag', false)).toBe('https://api.example.com/x');
    expect(recordedUrl('https://user:secret@api.example.com/x?page=2', true)).toBe('https://api.example.com/x?page=2');
    expect(recordedUrl('https://only-user@api.example.com/', false)).toBe('https://api.example.com/');
    // URLs the parser cannot read alone (protocol-relative) lose their credentials too.
    expect(recordedUrl('//user:secret@api.example.com/x?q=1', false)).toBe('//api.example.com/x');
    expect(recordedUrl('/api/x?token=t#f', true)).toBe('/api/x?token=t');
  });
});

describe('redactHeaders options that refuse what they do not know', () => {
  it('refuses the old array of names in the options position, saying where it goes now', () => {
    expect(validationError(() => redactHeaders({ a: '1', b: '2' }, ['a'] as never)).issues).toEqual([
      { path: 'options', message: 'expected an options object, received an array; the names to leave out go in options.deny' },
    ]);
  });

  it('refuses an unknown option and a deny that is not a list of names', () => {
    expect(validationError(() => redactHeaders({ a: '1' }, { denny: ['a'] } as never)).issues).toEqual([
      { path: 'options.denny', message: 'is not an option; did you mean deny?' },
    ]);
    expect(validationError(() => redactHeaders({ a: '1' }, { deny: 'a' } as never)).issues).toEqual([
      { path: 'options.deny', message: 'must be an array of header names' },
    ]);
  });
});
