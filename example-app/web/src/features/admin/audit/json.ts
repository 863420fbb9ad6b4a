// The audit log's before and after, as the server sends them (JSON text), for reading.

/** `text` (JSON) indented two spaces; as it is when it is not JSON; "(none)" for null. */
export function prettyJson(text: string | null): string {
  if (text === null) return '(none)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** What changed, in one line: the top-level keys whose values differ, or "" when they are not two objects. */
export function changedKeys(before: string | null, after: string | null): string[] {
  const read = (t: string | null): Record<string, unknown> | null => {
    if (t === null) return {};
    try {
      const v: unknown = JSON.parse(t);
      return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const b = read(before);
  const a = read(after);
  if (b === null || a === null) return [];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
}
