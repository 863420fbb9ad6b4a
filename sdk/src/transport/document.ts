import type { DocumentTypeDecoration, TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode } from 'graphql';
import { MatchkitValidationError } from '../errors/errors';
import { printDocument } from './print';

/**
 * The three GraphQL operation types.
 *
 * @example
 * ```ts
 * import type { OperationType } from '@matchkit/sdk/transport';
 * const safeToRetry = (t: OperationType) => t !== 'mutation';
 * ```
 */
export type OperationType = 'query' | 'mutation' | 'subscription';

/**
 * One operation defined in a document: its type and its name (`undefined` when anonymous).
 *
 * @example
 * ```ts
 * import { operationsOf } from '@matchkit/sdk/transport';
 * const [op] = operationsOf('mutation Logout { logout }');
 * op?.type; // 'mutation'
 * ```
 */
export interface OperationInfo {
  /** `query`, `mutation` or `subscription`. */
  readonly type: OperationType;
  /** The operation's name, or undefined for an anonymous operation. */
  readonly name: string | undefined;
}

/**
 * A GraphQL document as a string branded with its result and variables types: the shape GraphQL
 * Code Generator produces in its "string" document mode. It costs nothing at run time (it is the
 * operation's text) and, passed to a client's `request` or `subscribe`, types `data` and
 * `variables` exactly as a `TypedDocumentNode` does. The brand (`__apiType`, from
 * `@graphql-typed-document-node/core`) exists only in types.
 *
 * @typeParam TData - the operation's result (`data`)
 * @typeParam TVariables - the operation's variables
 *
 * @example
 * ```ts platform
 * import { createGraphQLClient, type TypedDocumentString } from '@matchkit/sdk/transport';
 * const BrandQuery = 'query Brand { brand }' as TypedDocumentString<{ brand: string }, Record<string, never>>;
 * const { data } = await createGraphQLClient({ url: 'https://api.example.com/graphql' }).request({ query: BrandQuery });
 * data.brand.toUpperCase();
 * ```
 */
export type TypedDocumentString<TData, TVariables> = string & DocumentTypeDecoration<TData, TVariables>;

/**
 * A GraphQL document as text: query text, a {@link TypedDocumentString}, or the
 * `TypedDocumentString` class instance of GraphQL Code Generator's "string" document mode (a
 * `String` object). What the lean entries ({@link graphqlRequest},
 * {@link createLeanSubscriptionClient}) take: no `DocumentNode`, so no printer.
 *
 * @typeParam TData - the result type a typed document carries
 * @typeParam TVariables - the variables type a typed document carries
 *
 * @example
 * ```ts
 * import { MeQuery, type TextDocument } from '@matchkit/sdk/transport';
 * const doc: TextDocument = MeQuery;
 * const text: TextDocument = '{ me { email } }';
 * ```
 */
export type TextDocument<TData = Record<string, unknown>, TVariables = Record<string, unknown>> =
  | string
  | TypedDocumentString<TData, TVariables>
  // GraphQL Code Generator's class: a String object whose `__apiType` is declared as
  // `DocumentTypeDecoration['__apiType']`, so it may hold undefined (exactOptionalPropertyTypes).
  // eslint-disable-next-line @typescript-eslint/no-wrapper-object-types -- the codegen class extends String
  | (String & { __apiType?: DocumentTypeDecoration<TData, TVariables>['__apiType'] });

/**
 * A GraphQL document the transport accepts: query text, a {@link TypedDocumentString} (the
 * platform's operations are these), a `DocumentNode`, a `TypedDocumentNode`, or the
 * `TypedDocumentString` class instance that GraphQL Code Generator's client preset emits in
 * "string" document mode (a `String` object). From the typed ones the result and variables types
 * flow into the call.
 *
 * @typeParam TData - the result type a typed document carries
 * @typeParam TVariables - the variables type a typed document carries
 *
 * @example
 * ```ts
 * import { MeQuery, type GraphQLDocument } from '@matchkit/sdk/transport';
 * const doc: GraphQLDocument = MeQuery;
 * const text: GraphQLDocument = '{ me { email } }';
 * ```
 */
export type GraphQLDocument<TData = Record<string, unknown>, TVariables = Record<string, unknown>> =
  TextDocument<TData, TVariables> | DocumentNode | TypedDocumentNode<TData, TVariables>;

const OPERATION_KEYWORDS = new Set(['query', 'mutation', 'subscription']);

// The tokens the scanner reads: comments, block strings and strings (skipped whole, so nothing in
// them counts), braces, parentheses, `@`, and names. Everything else (punctuation, numbers'
// digits, `$`) is passed over.
const TOKENS = /#[^\n\r]*|"""(?:\\"""|[\s\S])*?(?:"""|$)|"(?:\\.|[^"\\\n\r])*"?|[{}()@]|[_A-Za-z]\w*/g;

/**
 * Lists the operations of a GraphQL document's text without a full parser: it skips comments,
 * strings and block strings, and reads the keyword and name of each top-level definition (a bare
 * `{ ... }` is an anonymous query; fragments are skipped). It agrees with graphql-js's `parse` on
 * every valid document (a property test checks this); on invalid text it returns what it can read
 * and leaves the error to the server.
 *
 * @param source - the document text
 *
 * @example
 * ```ts
 * import { operationsOf } from '@matchkit/sdk/transport';
 * operationsOf('query A { a } mutation B { b }'); // [{ type: 'query', name: 'A' }, { type: 'mutation', name: 'B' }]
 * ```
 */
export function operationsOf(source: string): OperationInfo[] {
  const ops: OperationInfo[] = [];
  // Nesting of braces and parentheses: only top-level tokens (depth 0) define operations.
  let depth = 0;
  // The next top-level name starts a definition (at the start, and after a definition's `}`).
  let expectDefinition = true;
  // An operation keyword read, its name not yet.
  let pendingType: OperationType | undefined;
  const settle = (name?: string) => {
    if (pendingType !== undefined) ops.push({ type: pendingType, name });
    pendingType = undefined;
  };
  for (const [token] of source.matchAll(TOKENS)) {
    const c = token[0];
    if (depth === 0) {
      if (c === '{' || c === '(' || c === '@') {
        // `{` of a definition: an operation without a name (a bare `{` is an anonymous query);
        // `(` of variables or `@` of a directive: an operation without a name.
        if (c === '{') {
          if (pendingType === undefined && expectDefinition) ops.push({ type: 'query', name: undefined });
          expectDefinition = false;
        }
        settle();
      } else if (/[_A-Za-z]/.test(c as string)) {
        if (pendingType !== undefined) settle(token);
        else if (expectDefinition) {
          if (OPERATION_KEYWORDS.has(token)) pendingType = token as OperationType;
          expectDefinition = false;
        }
      }
    }
    if (c === '{' || c === '(') depth += 1;
    else if ((c === '}' || c === ')') && depth > 0) {
      depth -= 1;
      if (depth === 0 && c === '}') expectDefinition = true;
    }
  }
  settle();
  return ops;
}

/** What the transport needs from a document: its text and its operations. */
export interface DocumentInfo {
  readonly text: string;
  readonly operations: readonly OperationInfo[];
}

const nodeCache = new WeakMap<object, DocumentInfo>();

function isDocumentNode(value: unknown): value is DocumentNode {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Document' &&
    Array.isArray((value as { definitions?: unknown }).definitions)
  );
}

/**
 * The text of GraphQL text or of a String object (GraphQL Code Generator's `TypedDocumentString`
 * class, from any realm); undefined for anything else. Every reader of text documents uses it.
 * Internal: not exported from @matchkit/sdk/transport.
 *
 * @example
 * ```ts fragment
 * import { textOf } from './document'; // internal
 * textOf(new String('{ me { email } }')); // '{ me { email } }'
 * textOf({ kind: 'Document' }); // undefined
 * ```
 */
export function textOf(value: unknown): string | undefined {
  return Object.prototype.toString.call(value) === '[object String]' ? String(value) : undefined;
}

/**
 * The text and operations of a document. Text (a `TypedDocumentString` is text) is read as it
 * is; a `DocumentNode` is printed once (by ./print.ts, as graphql-js's `print` prints it, without
 * loading graphql-js) and cached per document object
 * (a WeakMap, so documents are not kept alive), as is a `String` object (GraphQL Code Generator's
 * `TypedDocumentString` class) once its text is read.
 */
export function documentInfo(document: unknown, path = 'query'): DocumentInfo {
  if (typeof document === 'string') return textInfo(document, path);
  // The cache is consulted before anything is read from the document.
  const cached = typeof document === 'object' && document !== null ? nodeCache.get(document) : undefined;
  if (cached !== undefined) return cached;
  if (isDocumentNode(document)) {
    const operations: OperationInfo[] = [];
    for (const def of document.definitions) {
      if (def.kind === 'OperationDefinition') operations.push({ type: def.operation, name: def.name?.value });
    }
    const info = Object.freeze({ text: printDocument(document), operations: Object.freeze(operations) });
    nodeCache.set(document, info);
    return info;
  }
  const text = textOf(document);
  if (text !== undefined) {
    const info = textInfo(text, path);
    nodeCache.set(document as object, info);
    return info;
  }
  throw new MatchkitValidationError('GraphQL request', [
    { path, message: 'must be GraphQL text, a typed document string or a DocumentNode (TypedDocumentNode)' },
  ]);
}

function textInfo(text: string, path: string): DocumentInfo {
  if (text.trim() === '') {
    throw new MatchkitValidationError('GraphQL request', [{ path, message: 'must not be empty' }]);
  }
  return Object.freeze({ text, operations: Object.freeze(operationsOf(text)) });
}

/**
 * Picks the operation a request runs: the one named `operationName`, or the only one. Returns its
 * type (undefined when the text could not be read) and the name to send.
 */
export function selectOperation(
  info: DocumentInfo,
  operationName: string | undefined,
): { type: OperationType | undefined; name: string | undefined } {
  if (operationName !== undefined) {
    const found = info.operations.find((o) => o.name === operationName);
    if (found === undefined && info.operations.length > 0) {
      const names = info.operations.map((o) => o.name ?? '(anonymous)').join(', ');
      throw new MatchkitValidationError('GraphQL request', [
        { path: 'operationName', message: `"${operationName}" is not an operation of the document (operations: ${names})` },
      ]);
    }
    return { type: found?.type, name: operationName };
  }
  if (info.operations.length > 1) {
    throw new MatchkitValidationError('GraphQL request', [
      { path: 'operationName', message: 'is required when the document defines more than one operation' },
    ]);
  }
  const only = info.operations[0];
  return { type: only?.type, name: only?.name };
}
