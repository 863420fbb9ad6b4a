import fc from 'fast-check';
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationsOf } from '../transport';

// The operation scanner reads a document's operations without graphql-js's parser. The law: on
// every document graphql-js parses, the scanner finds the same operations (type and name, in
// order). The generator aims at what could fool a scanner: keywords inside strings, block strings,
// comments and selection sets, braces inside default values and arguments, anonymous operations,
// fragments and directives.

const KEYWORDS = ['query', 'mutation', 'subscription', 'fragment', 'on', 'Query'];
const name = fc.oneof(fc.constantFrom(...KEYWORDS), fc.stringMatching(/^[_A-Za-z][_0-9A-Za-z]{0,6}$/));
const fragmentName = name.filter((n) => n !== 'on');
const tricky = fc.constantFrom('{', '}', '(', ')', '#', 'query Q {', 'mutation', '"', '\\', '\t', 'é', '😀');
const text = fc.array(fc.oneof(tricky, fc.string({ unit: 'grapheme', maxLength: 4 })), { maxLength: 5 }).map((parts) => parts.join(''));
const stringValue = text.map((s) => JSON.stringify(s));
const blockString = fc
  .array(fc.constantFrom('{', '}', 'mutation M', '\\"""', '#', '\n', '"', 'x', ' subscription '), { maxLength: 5 })
  .map((parts) => parts.join(''))
  .filter((s) => !s.endsWith('"') && !s.endsWith('\\'))
  .map((s) => `"""${s}"""`);
const comment = text.map((s) => `#${s.replace(/[\n\r]/g, ' ')}\n`);
const ignored = fc
  .array(fc.oneof(fc.constantFrom(' ', '\n', ',', '\t', '\r\n'), comment), { minLength: 1, maxLength: 3 })
  .map((p) => p.join(''));

const { value } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer().map(String),
    stringValue,
    blockString,
    fc.constantFrom('RED', 'true', 'null', '1.5e3'),
    fc.tuple(name, tie('value')).map(([k, v]) => `{${k}: ${v}}`),
    fc.array(tie('value'), { maxLength: 2 }).map((vs) => `[${vs.join(' ')}]`),
  ),
}));

const args = fc
  .array(fc.tuple(name, value), { maxLength: 2 })
  .map((as) => (as.length === 0 ? '' : `(${as.map(([k, v]) => `${k}: ${v}`).join(', ')})`));
const directives = fc.array(fc.tuple(name, args), { maxLength: 2 }).map((ds) => ds.map(([n, a]) => ` @${n}${a}`).join(''));

const { selectionSet } = fc.letrec<{ selectionSet: string; selection: string }>((tie) => ({
  selectionSet: fc
    .array(tie('selection'), { minLength: 1, maxLength: 3 })
    .chain((sels) => ignored.map((ws) => `{${ws}${sels.join(ws)}${ws}}`)),
  selection: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(name, args, directives).map(([n, a, d]) => `${n}${a}${d}`),
    fc.tuple(name, args, tie('selectionSet')).map(([n, a, s]) => `${n}${a} ${s}`),
    fc.tuple(name, tie('selectionSet')).map(([t, s]) => `... on ${t} ${s}`),
    fragmentName.map((f) => `...${f}`),
  ),
}));

const variableDefinitions = fc
  .array(fc.tuple(name, fc.constantFrom('Int', '[String!]', 'In!'), fc.option(value, { nil: undefined })), { maxLength: 2 })
  .map((vs) => (vs.length === 0 ? '' : `(${vs.map(([n, t, d]) => `$${n}: ${t}${d === undefined ? '' : ` = ${d}`}`).join(' ')})`));

const operation = fc.oneof(
  selectionSet,
  fc
    .tuple(
      fc.constantFrom('query', 'mutation', 'subscription'),
      fc.option(name, { nil: undefined }),
      variableDefinitions,
      directives,
      ignored,
      selectionSet,
    )
    .map(([type, n, vars, dirs, ws, sel]) => `${type}${n === undefined ? '' : ` ${n}`}${vars}${dirs}${ws}${sel}`),
);
const fragment = fc.tuple(fragmentName, name, directives, selectionSet).map(([n, t, d, s]) => `fragment ${n} on ${t}${d} ${s}`);
const documentText = fc
  .array(fc.oneof({ weight: 3, arbitrary: operation }, { weight: 1, arbitrary: fragment }), { minLength: 1, maxLength: 4 })
  .chain((defs) => fc.tuple(ignored, ignored).map(([a, b]) => `${a}${defs.join(b)}${b}`));

function parsedOperations(source: string) {
  return parse(source).definitions.flatMap((d) => (d.kind === 'OperationDefinition' ? [{ type: d.operation, name: d.name?.value }] : []));
}

function parses(source: string): boolean {
  try {
    parse(source);
    return true;
  } catch {
    return false;
  }
}

describe('operation scanner laws', () => {
  it("the operation scanner agrees with graphql-js's parser on every document it parses", () => {
    fc.assert(
      fc.property(documentText, (source) => {
        fc.pre(parses(source));
        expect(operationsOf(source)).toEqual(parsedOperations(source));
      }),
      { numRuns: 400 },
    );
  });

  it("the operation scanner agrees with graphql-js's parser on printed documents", () => {
    fc.assert(
      fc.property(documentText, (source) => {
        fc.pre(parses(source));
        const printed = print(parse(source));
        expect(operationsOf(printed)).toEqual(parsedOperations(printed));
      }),
      { numRuns: 200 },
    );
  });

  it('generated documents mostly parse (the laws above are not vacuous)', () => {
    const samples = fc.sample(documentText, { numRuns: 300, seed: 42 });
    expect(samples.filter(parses).length).toBeGreaterThan(240);
  });
});
