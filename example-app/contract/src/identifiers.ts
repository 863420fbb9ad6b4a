// Developer wording a member must never read: a code name (camelCase), a catalogue slug or key
// ("horse-racing", "platinum-upgrade"), an ISO instant, an amount in "pence", a formula's symbol.
// The copy tests run this over the text a page shows: the web app's tests, the browser tests and
// the server's seed test.
import type { Brand } from '@matchkit/sdk/brands';

/** Patterns that are code, whatever the brand. */
const CODE: readonly (readonly [RegExp, string])[] = [
  [/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, 'a code name (camelCase)'],
  [/\b[a-z]+(?:-[a-z0-9]+)*-\d+(?:-\d+)*\b/g, 'a slug with numbers'],
  [/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?\b/g, 'an ISO instant'],
  // Not "pence in the pound": Rule 4's deduction is counted so (domain.md), the member's own term.
  [/\bpence\b(?! in the pound\b)/gi, 'an amount in pence'],
  [/[ΠΣ]/g, 'a formula symbol'],
  [/\b[A-Za-z]\[[^\]]*\]|\b[pP]\([^)]*\)/g, 'a formula'],
];

/** Every slug, key and id of a brand's catalogue written as code (with a hyphen or a capital inside), for the copy tests. */
export function catalogueIdentifiers(brand: Brand): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      if (
        /^(slug|key|id|bookmaker|exchange|sport|market|plan|upgrade)s?$/i.test(key) &&
        /^[a-z0-9]+(?:[-_][a-z0-9]+)+$|^[a-z]+[A-Z]/.test(value)
      ) {
        found.add(value);
      }
    } else if (Array.isArray(value)) value.forEach((v) => visit(v, key));
    else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  visit(brand, '');
  return found;
}

/** The identifiers in `text`: code patterns, and any of `known` (catalogue slugs) standing as a word. */
export function findIdentifiers(text: string, known: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (const [pattern, what] of CODE) for (const m of text.matchAll(pattern)) out.push(`${m[0]} (${what})`);
  for (const id of known) {
    const at = new RegExp(`(^|[^\\w-])${id.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')}($|[^\\w-])`);
    if (at.test(text)) out.push(`${id} (a catalogue identifier)`);
  }
  return out;
}
