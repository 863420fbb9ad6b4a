import { MatchkitValidationError } from '../errors/errors';

// Printing a DocumentNode without graphql-js: the transport sends a document's text, and importing
// graphql-js's `print` would cost an app about 10 KB minified for the few executable node kinds a
// request can hold. This prints them exactly as graphql-js 16's `print` does (same spacing,
// indentation, argument wrapping at 80 columns, string and block-string escaping), so that a
// server sees the same text whichever of the two printed it; print.prop.test.ts checks the law
// on generated documents. Type-system definitions (schema, types, directives) are not
// printable here: they cannot be sent as a request, and `printDocument` throws a validation error
// for any kind it does not know. Internal: not exported from @matchkit/sdk/transport.

/** The shape of the AST nodes read here (graphql-js's nodes, read structurally). */
interface Node {
  readonly kind: string;
  readonly [field: string]: unknown;
}

type Nodes = readonly Node[] | undefined;

// The helpers mirror graphql-js's printer: `join` skips empty parts, `wrap` prints nothing around
// an empty part, `indent` indents every line of a block (block strings' lines included).
const join = (parts: readonly (string | undefined)[], separator = '') => parts.filter((p) => p).join(separator);
const wrap = (start: string, part: string | undefined, end = '') => (part ? start + part + end : '');
const indent = (text: string) => wrap('  ', text.replace(/\n/g, '\n  '));
const block = (lines: string[]) => wrap('{\n', indent(join(lines, '\n')), '\n}');

const ESCAPES: Readonly<Record<string, string>> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };

/** A GraphQL string literal: control characters (C0, DEL and C1), `"` and `\` escaped. */
// eslint-disable-next-line no-control-regex -- control characters are what must be escaped
const printString = (value: string) => `"${value.replace(/[\x00-\x1f"\\\x7f-\x9f]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)}"`;

/** A block string literal, laid out as graphql-js lays it out (leading and trailing newlines where they help). */
function printBlockString(value: string): string {
  const escaped = value.replace(/"""/g, '\\"""');
  const lines = escaped.split(/\r\n|[\n\r]/g);
  const single = lines.length === 1;
  const blank = (line: string) => line[0] === ' ' || line[0] === '\t';
  const leadingNewline = lines.length > 1 && lines.slice(1).every((line) => line === '' || blank(line));
  const trailingTriple = escaped.endsWith('\\"""');
  const trailingNewline = (value.endsWith('"') && !trailingTriple) || value.endsWith('\\');
  const multiline = !single || value.length > 70 || trailingNewline || leadingNewline || trailingTriple;
  const start = (multiline && !(single && blank(value))) || leadingNewline ? '\n' : '';
  return `"""${start}${escaped}${multiline || trailingNewline ? '\n' : ''}"""`;
}

const all = (nodes: Nodes, separator = '') => join((nodes ?? []).map(print), separator);
const field = (node: Node, key: string) => print(node[key] as Node | undefined);
const description = (node: Node) => wrap('', field(node, 'description'), '\n');
const directives = (node: Node) => all(node.directives as Nodes, ' ');

function print(node: Node | undefined): string {
  if (node === undefined || node === null) return '';
  const value = node.value as string;
  switch (node.kind) {
    case 'Name':
    case 'IntValue':
    case 'FloatValue':
    case 'EnumValue':
      return value;
    case 'Variable':
      return `$${field(node, 'name')}`;
    case 'Document':
      return all(node.definitions as Nodes, '\n\n');
    case 'OperationDefinition': {
      const defs = (node.variableDefinitions as Nodes ?? []).map(print);
      const vars = defs.some((d) => d.includes('\n')) ? wrap('(\n', join(defs, '\n'), '\n)') : wrap('(', join(defs, ', '), ')');
      const operation = node.operation as string;
      const prefix = description(node) + join([operation, field(node, 'name') + vars, directives(node)], ' ');
      return (operation === 'query' && prefix === operation ? '' : `${prefix} `) + field(node, 'selectionSet');
    }
    case 'VariableDefinition':
      return description(node) + field(node, 'variable') + ': ' + field(node, 'type') + wrap(' = ', field(node, 'defaultValue')) + wrap(' ', directives(node));
    case 'SelectionSet':
      return block((node.selections as Node[]).map(print));
    case 'Field': {
      const prefix = wrap('', field(node, 'alias'), ': ') + field(node, 'name');
      const args = (node.arguments as Nodes ?? []).map(print);
      const line = wrap('(', join(args, ', '), ')');
      const argsPart = prefix.length + line.length > 80 ? wrap('(\n', indent(join(args, '\n')), '\n)') : line;
      return prefix + argsPart + wrap(' ', directives(node)) + wrap(' ', field(node, 'selectionSet'));
    }
    case 'Argument':
    case 'ObjectField':
      return `${field(node, 'name')}: ${field(node, 'value')}`;
    case 'FragmentSpread':
      return `...${field(node, 'name')}${wrap(' ', directives(node))}`;
    case 'InlineFragment':
      return join(['...', wrap('on ', field(node, 'typeCondition')), directives(node), field(node, 'selectionSet')], ' ');
    case 'FragmentDefinition':
      return `${description(node)}fragment ${field(node, 'name')}${wrap('(', all(node.variableDefinitions as Nodes, ', '), ')')} on ${field(node, 'typeCondition')} ${wrap('', directives(node), ' ')}${field(node, 'selectionSet')}`;
    case 'StringValue':
      return node.block === true ? printBlockString(value) : printString(value);
    case 'BooleanValue':
      return node.value === true ? 'true' : 'false';
    case 'NullValue':
      return 'null';
    case 'ListValue':
      return `[${all(node.values as Nodes, ', ')}]`;
    case 'ObjectValue':
      return `{${all(node.fields as Nodes, ', ')}}`;
    case 'Directive':
      return `@${field(node, 'name')}${wrap('(', all(node.arguments as Nodes, ', '), ')')}`;
    case 'NamedType':
      return field(node, 'name');
    case 'ListType':
      return `[${field(node, 'type')}]`;
    case 'NonNullType':
      return `${field(node, 'type')}!`;
    default:
      throw new MatchkitValidationError('GraphQL request', [
        { path: 'query', message: `has a node of kind ${String(node.kind)}, which a request cannot hold (only operations and fragments)` },
      ]);
  }
}

/**
 * Prints an executable GraphQL document (operations and fragments) as graphql-js's `print` does.
 *
 * @throws MatchkitValidationError (at `query`) for a node kind an executable document cannot hold
 */
export const printDocument = (document: { readonly kind: string }): string => print(document as Node);
