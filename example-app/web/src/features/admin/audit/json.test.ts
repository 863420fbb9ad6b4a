import { describe, expect, it } from 'vitest';
import { changedKeys, prettyJson } from './json';

describe('the audit log’s before and after', () => {
  it('indents JSON, keeps text that is not JSON, and says (none) for nothing', () => {
    expect(prettyJson('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    expect(prettyJson('not json')).toBe('not json');
    expect(prettyJson(null)).toBe('(none)');
  });

  it('names the top-level keys that changed between two objects', () => {
    expect(changedKeys('{"publishedAt":null,"title":"A"}', '{"publishedAt":"2026-03-02T10:00:00Z","title":"A"}')).toEqual(['publishedAt']);
    expect(changedKeys(null, '{"title":"A"}')).toEqual(['title']);
    expect(changedKeys('["PA-CAP-1"]', '[]')).toEqual([]);
  });
});
