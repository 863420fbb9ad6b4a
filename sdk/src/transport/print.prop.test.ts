import fc from 'fast-check';
import { Kind, OperationTypeNode, parse, print, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/errors';
import { printDocument } from './print';

// The transport prints DocumentNodes itself (./print.ts) instead of loading graphql-js. The laws:
// on every document graphql-js parses, the text is exactly graphql-js's `print` (so a server sees
// the same request whichever printed it), and parsing that text gives back the same AST. The
// generator aims at the printer's corners: argument lists long enough to wrap at 80 columns,
// strings with control characters and quotes, block strings (with leading blanks, trailing quotes
// and backslashes, `"""` inside), variable defaults and descriptions spanning lines, aliases,
// directives, inline fragments with and without a type condition, fragments, anonymous and named
// operations.

const name = fc.stringMatching(/^[_A-Za-z][_0-9A-Za-z]{0,9}$/).filter((n) => !['true', 'false', 'null', 'on'].includes(n));
const character = fc.oneof(
  fc.constantFrom('\u0000', '\b', '\u001f', '\u007f', '\u009f', '"', '\\', '\n', '\r', '\t'),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);
const stringValue = fc.string({ unit: character, maxLength: 12 }).map((s) => JSON.stringify(s));
// The source of a block string: it cannot end with `"` or `\` (that would close or escape the
// closing quotes); the printer's handling of such values is checked on built ASTs below.
const blockString = fc
  .array(
    fc.constantFrom('x', ' ', '\t', '\n', '\r\n', '"x', '\\x', '\\"""', '  indented', 'a long line of words to pass seventy characters '),
    { maxLength: 6 },
  )
  .map((parts) => `"""${parts.join('')}"""`);

const { value } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer().map(String),
    fc.constantFrom('1.5e3', '-0.25', 'RED', 'true', 'false', 'null', '$v'),
    stringValue,
    blockString,
    fc.array(fc.tuple(name, tie('value')), { maxLength: 3 }).map((fs) => `{${fs.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
    fc.array(tie('value'), { maxLength: 3 }).map((vs) => `[${vs.join(' ')}]`),
  ),
}));
const constValue = value.filter((v) => !v.includes('$v'));

const args = fc
  .array(fc.tuple(name, value), { maxLength: 4 })
  .map((as) => (as.length === 0 ? '' : `(${as.map(([k, v]) => `${k}: ${v}`).join(', ')})`));
const directives = fc.array(fc.tuple(name, args), { maxLength: 2 }).map((ds) => ds.map(([n, a]) => ` @${n}${a}`).join(''));

const { selectionSet } = fc.letrec<{ selectionSet: string; selection: string }>((tie) => ({
  selectionSet: fc.array(tie('selection'), { minLength: 1, maxLength: 3 }).map((sels) => `{ ${sels.join('\n')} }`),
  selection: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(fc.option(name, { nil: undefined }), name, args, directives)
      .map(([alias, n, a, d]) => `${alias === undefined ? '' : `${alias}: `}${n}${a}${d}`),
    fc.tuple(name, args, directives, tie('selectionSet')).map(([n, a, d, s]) => `${n}${a}${d} ${s}`),
    fc
      .tuple(fc.option(name, { nil: undefined }), directives, tie('selectionSet'))
      .map(([t, d, s]) => `...${t === undefined ? '' : ` on ${t}`}${d} ${s}`),
    fc.tuple(name, directives).map(([f, d]) => `...${f}${d}`),
  ),
}));

// Descriptions (graphql-js 16.15 parses them on operations, variables and fragments), plain or block.
const description = fc.option(fc.oneof(stringValue, blockString), { nil: undefined, freq: 3 }).map((d) => (d === undefined ? '' : `${d} `));

const variableDefinitions = fc
  .array(
    fc.tuple(
      description,
      name,
      fc.constantFrom('Int', '[String!]', 'In!', '[[ID]!]!'),
      fc.option(constValue, { nil: undefined }),
      directives,
    ),
    { maxLength: 3 },
  )
  .map((vs) =>
    vs.length === 0
      ? ''
      : `(${vs.map(([desc, n, t, d, dirs]) => `${desc}$${n}: ${t}${d === undefined ? '' : ` = ${d}`}${dirs}`).join(', ')})`,
  );

const operation = fc.oneof(
  selectionSet,
  fc
    .tuple(
      description,
      fc.constantFrom('query', 'mutation', 'subscription'),
      fc.option(name, { nil: undefined }),
      variableDefinitions,
      directives,
      selectionSet,
    )
    .map(([desc, type, n, vars, dirs, sel]) => `${desc}${type}${n === undefined ? '' : ` ${n}`}${vars}${dirs} ${sel}`),
);
const fragment = fc
  .tuple(description, name, name, directives, selectionSet)
  .map(([desc, n, t, d, s]) => `${desc}fragment ${n} on ${t}${d} ${s}`);
const documentText = fc
  .array(fc.oneof({ weight: 3, arbitrary: operation }, { weight: 1, arbitrary: fragment }), { minLength: 1, maxLength: 3 })
  .map((defs) => defs.join('\n'));

function parsed(source: string): DocumentNode | undefined {
  try {
    return parse(source, { noLocation: true });
  } catch {
    return undefined;
  }
}

describe('DocumentNode printer laws', () => {
  it("printing any parsed document gives exactly graphql-js's text, which parses to the same AST", () => {
    fc.assert(
      fc.property(documentText, (source) => {
        const ast = parsed(source);
        fc.pre(ast !== undefined);
        const text = printDocument(ast);
        expect(text).toBe(print(ast));
        expect(parse(text, { noLocation: true })).toEqual(ast);
      }),
      { numRuns: 250 },
    );
  });

  it('prints any string value, plain or block, exactly as graphql-js does (built ASTs, no source text)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), fc.boolean(), (text, block) => {
        const ast: DocumentNode = {
          kind: Kind.DOCUMENT,
          definitions: [
            {
              kind: Kind.OPERATION_DEFINITION,
              operation: OperationTypeNode.QUERY,
              selectionSet: {
                kind: Kind.SELECTION_SET,
                selections: [
                  {
                    kind: Kind.FIELD,
                    name: { kind: Kind.NAME, value: 'echo' },
                    arguments: [
                      { kind: Kind.ARGUMENT, name: { kind: Kind.NAME, value: 'text' }, value: { kind: Kind.STRING, value: text, block } },
                    ],
                  },
                ],
              },
            },
          ],
        };
        expect(printDocument(ast)).toBe(print(ast));
      }),
      { numRuns: 250 },
    );
  });

  it('refuses a document with type-system definitions (a request holds operations and fragments only), naming `query`', () => {
    let error: unknown;
    try {
      printDocument(parse('type Query { a: Int }'));
    } catch (e) {
      error = e;
    }
    expect(isValidationError(error) && error.issues).toEqual([
      { path: 'query', message: 'has a node of kind ObjectTypeDefinition, which a request cannot hold (only operations and fragments)' },
    ]);
  });
});
