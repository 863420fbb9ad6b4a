// The copy rules of docs/responsible-gambling.md as code: phrases no user-visible text of the app
// may contain (promised earnings, risk denied, pressure, appeal to children), and the reading of
// the app's copy sources into plain text (copy-check.test.ts runs both over the real sources).
import ts from 'typescript';

/** A banned phrase: the pattern, and why it is banned (printed when it is found). */
export interface BannedPhrase {
  readonly pattern: RegExp;
  readonly why: string;
}

/** Words that, shortly before a phrase, turn it into a denial ("not a guaranteed profit"). */
const NEGATION = /\b(?:no|not|never|nothing|isn'?t|aren'?t|without|cannot|can'?t)\b[^.!?]{0,30}$/i;

export const BANNED_PHRASES: readonly BannedPhrase[] = [
  {
    pattern: /\bguarantee(?:d|s)?\s+(?:a\s+)?(?:profits?|income|returns?|earnings|winnings|money|cash)\b/i,
    why: 'promises a profit (say "worked example" or "target")',
  },
  { pattern: /\b(?:profits?|income|returns?|earnings|winnings)\s+(?:is|are)\s+guaranteed\b/i, why: 'promises a profit' },
  { pattern: /\brisk[-\s]?free\b/i, why: 'denies the risk of betting' },
  { pattern: /\b(?:no|zero)\s+risk\b/i, why: 'denies the risk of betting' },
  { pattern: /\bcan(?:no|')?t\s+lose\b|\bcannot\s+lose\b/i, why: 'denies the risk of betting' },
  { pattern: /\byou(?:'ll|\s+will)\s+(?:earn|make|win|profit|take home)\b/i, why: 'promises earnings to the reader' },
  { pattern: /\b(?:earn|make)\s+£[\d,]+(?:\+)?\s+(?:a|per|every)\s+(?:day|week|month)\b/i, why: 'promises a regular income' },
  { pattern: /\bget\s+rich\b/i, why: 'promises wealth' },
  { pattern: /\beasy\s+(?:money|cash|profits?)\b/i, why: 'presents gambling as easy money' },
  { pattern: /\bfree\s+(?:money|cash)\b/i, why: 'presents gambling as free money' },
  { pattern: /\b(?:quick|fast)\s+(?:money|cash|profits?)\b/i, why: 'presents gambling as quick money' },
  { pattern: /\b(?:quit|leave)\s+your\s+job\b|\breplace\s+your\s+(?:salary|income|wages)\b/i, why: 'presents gambling as a living' },
  { pattern: /\bsecond\s+income\b/i, why: 'presents gambling as an income' },
  {
    pattern:
      /\bhurry\b|\bact\s+now\b|\bdon'?t\s+miss\s+out\b|\blast\s+chance\b|\bbefore\s+it'?s\s+too\s+late\b|\bonly\s+\d+\s+(?:places|spots)\s+left\b/i,
    why: 'puts pressure on the reader (state dates as facts)',
  },
  { pattern: /\b(?:kids?|teens?|teenagers?|pocket\s+money|school\s*(?:kids|children))\b/i, why: 'could appeal to under-18s' },
];

/** One finding: the banned phrase, its reason, and the sentence it is in. */
export interface Finding {
  readonly phrase: string;
  readonly why: string;
  readonly text: string;
}

/** The banned phrases in `text`; a promise-type phrase preceded closely by a negation is allowed. */
export function findBannedPhrases(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const { pattern, why } of BANNED_PHRASES) {
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    for (const match of text.matchAll(global)) {
      const before = text.slice(Math.max(0, match.index - 40), match.index);
      // "not risk-free", "no guaranteed profit", "never easy money": the rule is met, not broken.
      if (NEGATION.test(before)) continue;
      findings.push({ phrase: match[0], why, text: sentenceAround(text, match.index) });
    }
  }
  return findings;
}

function sentenceAround(text: string, at: number): string {
  const start = Math.max(text.lastIndexOf('.', at) + 1, at - 80);
  const end = text.indexOf('.', at);
  return text.slice(start, end === -1 ? Math.min(text.length, at + 80) : end + 1).trim();
}

/**
 * The user-visible text of a TypeScript/TSX source: every JSX text, every string literal and
 * template text (import paths left out), and each JSX element's children joined, so a phrase
 * split by an `{expression}` or `{' '}` is still read as one. Whitespace is collapsed.
 */
export function textsOfSource(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: string[] = [];
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  const literal = (node: ts.Node): string | undefined =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (ts.isJsxText(node)) texts.push(squash(node.text));
    const value = literal(node);
    if (value !== undefined) texts.push(squash(value));
    if (ts.isTemplateExpression(node)) {
      texts.push(squash([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ')));
    }
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const joined = node.children
        .map((child) => {
          if (ts.isJsxText(child)) return child.text;
          if (ts.isJsxExpression(child) && child.expression !== undefined) return literal(child.expression) ?? ' ';
          return ' ';
        })
        .join('');
      texts.push(squash(joined));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts.filter((t) => t !== '');
}

/** Every string in a value (a brand catalogue, seed content), depth first. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}
