import { describe, expect, it } from 'vitest';
import { contentKey } from './content-key';

describe('contentKey', () => {
  it('ignores object identity and property order', () => {
    expect(contentKey({ filter: { sports: ['football'], exchanges: null } })).toBe(
      contentKey({ filter: { exchanges: null, sports: ['football'] } }),
    );
  });

  it('keeps array order', () => {
    expect(contentKey([1, 2])).not.toBe(contentKey([2, 1]));
  });

  it('tells NaN, Infinity, -Infinity, null and their spellings as strings apart', () => {
    const values = [NaN, Infinity, -Infinity, null, 'NaN', 'Infinity', '-Infinity', 'null', { $: 'NaN' }, 10n, '10n', { $: '10n' }];
    const keys = values.map((v) => contentKey({ stake: v }));
    expect(new Set(keys).size).toBe(values.length);
    expect(contentKey(NaN)).toBe(contentKey(Number.NaN));
  });

  it('treats an undefined property as absent, as JSON and optional fields do', () => {
    expect(contentKey({ a: 1, b: undefined })).toBe(contentKey({ a: 1 }));
    expect(contentKey(undefined)).not.toBe(contentKey(null));
    expect(contentKey(undefined)).not.toBe(contentKey('undefined'));
  });

  it('writes a key named __proto__ like any other', () => {
    const withProto = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    expect(contentKey(withProto)).not.toBe(contentKey({}));
    expect(contentKey(withProto)).toBe(contentKey(JSON.parse('{"__proto__": {"x": 1}}')));
  });

  it('counts -0 as 0 and a Date as its ISO string (what goes on the wire)', () => {
    expect(contentKey(-0)).toBe(contentKey(0));
    expect(contentKey({ at: new Date('2025-08-11T08:00:00.000Z') })).toBe(contentKey({ at: '2025-08-11T08:00:00.000Z' }));
  });

  it('gives a cyclic value one key on every call instead of throwing', () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    const b: Record<string, unknown> = {};
    b.self = b;
    expect(contentKey(a)).toBe(contentKey(b));
    expect(contentKey(a)).not.toBe(contentKey({}));
  });
});
