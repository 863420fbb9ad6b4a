import { MatchkitValidationError } from '../errors/errors';

// Printing a DocumentNode without graphql-js: the transport sends a document's text, and importing
// graphql-js's `print` would cost an app about 10 KB minified for the few executable node kinds a
// request can hold. This prints them exactly as graphql-js 16's `print` does (same spacing,
// indentation, argument wrapping at 80 columns, string and block-string escaping), so that a
// server sees the same text whichever of the two printed it; print.prop.test.ts checks the law
// on generated documents. Type-system definitions (schema, types, directives) are not
// printable here: they cannot be sent as a request, and `printDocument` throws a validation error
// for any kind it does not know. Internal: not exported from @matchkit/sdk/transport.

/** The AST nodes read here (graphql-js's nodes, read structurally: only the fields printed). */
interface Node {
  readonly kind: string;
  readonly value?: unknown;
  readonly block?: boolean;
  readonly operation?: string;
  readonly name?: Node;
  readonly alias?: Node;
  readonly description?: Node;
  readonly variable?: Node;
  readonly type?: Node;
  readonly typeCondition?: Node;
  readonly defaultValue?: Node;
  readonly selectionSet?: Node;
  readonly definitions?: readonly Node[];
  readonly selections?: readonly Node[];
  readonly variableDefinitions?: readonly Node[];
  readonly directives?: readonly Node[];
  readonly arguments?: readonly Node[];
  readonly values?: readonly Node[];
  readonly fields?: readonly Node[];
}

// The helpers mirror graphql-js's printer: `join` skips empty parts, `wrap` prints nothing around
// an empty part, `indent` indents every line of a block (block strings' lines included).
const join = (parts: readonly string[], separator = '') => parts.filter((p) => p).join(separator);
const wrap = (start: string, part: string, end = '') => (part ? start + part + end : '');
const indent = (text: string) => wrap('  ', text.replace(/\n/g, '\n  '));
const each = (nodes: readonly Node[] | undefined) => (nodes ?? []).map(print);
const all = (nodes: readonly Node[] | undefined, separator = '') => join(each(nodes), separator);
const description = (node: Node) => wrap('', print(node.description), '\n');
const directives = (node: Node) => all(node.directives, ' ');
const args = (node: Node) => wrap('(', all(node.arguments, ', '), ')');

// The escapes with a letter of their own (`\n`, ...), by character; others are `\uXXXX`.
const SHORT_ESCAPES: Readonly<Record<string, string>> = { '\b': 'b', '\t': 't', '\n': 'n', '\f': 'f', '\r': 'r', '"': '"', '\\': '\\' };

/** A GraphQL string literal: control characters (C0, DEL and C1), `"` and `\` escaped. */
const printString = (value: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what must be escaped
  `"${value.replace(/[\x00-\x1f"\\\x7f-\x9f]/g, (c) => `\\${SHORT_ESCAPES[c] ?? `u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`}`)}"`;

/** A block string literal, laid out as graphql-js lays it out (leading and trailing newlines where they help). */
function printBlockString(value: string): string {
  const escaped = value.replace(/"""/g, '\\"""');
  const lines = escaped.split(/\r\n|[\n\r]/g);
  const single = lines.length === 1;
  const blank = (line: string) => line[0] === ' ' || line[0] === '\t';
  const leadingNewline = !single && lines.slice(1).every((line) => line === '' || blank(line));
  const trailingTriple = escaped.endsWith('\\"""');
  const trailingNewline = (value.endsWith('"') && !trailingTriple) || value.endsWith('\\');
  const multiline = !single || value.length > 70 || trailingNewline || leadingNewline || trailingTriple;
  const start = (multiline && !(single && blank(value))) || leadingNewline ? '\n' : '';
  return `"""${start}${escaped}${multiline || trailingNewline ? '\n' : ''}"""`;
}

/** How each kind of node prints, as graphql-js 16 prints it. */
const PRINTERS: Readonly<Record<string, (node: Node) => string>> = {
  Name: (node) => node.value as string,
  Variable: (node) => `$${print(node.name)}`,
  Document: (node) => all(node.definitions, '\n\n'),
  OperationDefinition: (node) => {
    const defs = each(node.variableDefinitions);
    const vars = defs.some((d) => d.includes('\n')) ? wrap('(\n', join(defs, '\n'), '\n)') : wrap('(', join(defs, ', '), ')');
    const prefix = description(node) + join([node.operation as string, print(node.name) + vars, directives(node)], ' ');
    return (prefix === 'query' ? '' : `${prefix} `) + print(node.selectionSet);
  },
  VariableDefinition: (node) =>
    `${description(node)}${print(node.variable)}: ${print(node.type)}${wrap(' = ', print(node.defaultValue))}${wrap(' ', directives(node))}`,
  SelectionSet: (node) => wrap('{\n', indent(all(node.selections, '\n')), '\n}'),
  Field: (node) => {
    const prefix = wrap('', print(node.alias), ': ') + print(node.name);
    const line = args(node);
    const argsPart = prefix.length + line.length > 80 ? wrap('(\n', indent(all(node.arguments, '\n')), '\n)') : line;
    return prefix + argsPart + wrap(' ', directives(node)) + wrap(' ', print(node.selectionSet));
  },
  Argument: (node) => `${print(node.name)}: ${print(node.value as Node)}`,
  FragmentSpread: (node) => `...${print(node.name)}${wrap(' ', directives(node))}`,
  InlineFragment: (node) => join(['...', wrap('on ', print(node.typeCondition)), directives(node), print(node.selectionSet)], ' '),
  FragmentDefinition: (node) =>
    `${description(node)}fragment ${print(node.name)}${wrap('(', all(node.variableDefinitions, ', '), ')')} on ${print(node.typeCondition)} ${wrap('', directives(node), ' ')}${print(node.selectionSet)}`,
  StringValue: (node) => (node.block === true ? printBlockString : printString)(node.value as string),
  BooleanValue: (node) => String(node.value === true),
  NullValue: () => 'null',
  ListValue: (node) => `[${all(node.values, ', ')}]`,
  ObjectValue: (node) => `{${all(node.fields, ', ')}}`,
  Directive: (node) => `@${print(node.name)}${args(node)}`,
  ListType: (node) => `[${print(node.type)}]`,
  NonNullType: (node) => `${print(node.type)}!`,
};
const printers: Record<string, ((node: Node) => string) | undefined> = {
  ...PRINTERS,
  IntValue: PRINTERS['Name'],
  FloatValue: PRINTERS['Name'],
  EnumValue: PRINTERS['Name'],
  ObjectField: PRINTERS['Argument'],
  NamedType: (node) => print(node.name),
};

function print(node: Node | undefined): string {
  if (node === undefined || node === null) return '';
  const printer = Object.hasOwn(printers, node.kind) ? printers[node.kind] : undefined;
  if (printer === undefined) {
    throw new MatchkitValidationError('GraphQL request', [
      { path: 'query', message: `has a node of kind ${String(node.kind)}, which a request cannot hold (only operations and fragments)` },
    ]);
  }
  return printer(node);
}

/**
 * Prints an executable GraphQL document (operations and fragments) as graphql-js's `print` does.
 *
 * @throws MatchkitValidationError (at `query`) for a node kind an executable document cannot hold
 */
export const printDocument = (document: { readonly kind: string }): string => print(document as Node);
