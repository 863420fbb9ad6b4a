// A stand-in for the platform's GraphQL API over HTTP, on loopback, for the examples that send an
// operation to `https://api.example.com/graphql` (fenced ```ts platform: run-examples.mjs sends
// their requests here). It validates each operation and its variables against the platform schema
// (the example server's SDL files, as `npm run codegen` reads them) and executes it with made-up
// values of the right types: 1, 'text', 3999 pence, an instant, an enum's first value, a list of one. An example whose operation or variables do not fit the schema gets the GraphQL errors the
// platform would give, and one that reads a field the answer does not have throws: both fail.
// It proves an example's code runs and fits the schema, not that the platform's figures are right:
// the recipes (examples/recipes) run against the example server itself.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { buildSchema, graphql, isAbstractType, isEnumType, isListType, isNonNullType, isObjectType, isScalarType } from 'graphql';

/** The platform schema's SDL: the server's base.graphql, then each module's schema.graphql (as scripts/codegen/platform-schema.ts). */
function platformSchemaSDL(root) {
  const modules = join(root, 'example-app/server/src/modules');
  const files = [
    join(root, 'example-app/server/src/schema/base.graphql'),
    ...readdirSync(modules)
      .sort()
      .map((name) => join(modules, name, 'schema.graphql'))
      .filter((path) => existsSync(path)),
  ];
  return `type Query\ntype Mutation\ntype Subscription\n${files.map((f) => readFileSync(f, 'utf8')).join('\n')}`;
}

const SCALARS = { Int: 1, Float: 1.5, String: 'text', Boolean: true, ID: 'id-1', Pence: 3999, DateTime: '2026-01-01T00:00:00.000Z' };

/** A made-up value of a GraphQL output type. */
function madeUp(type, schema) {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [madeUp(inner.ofType, schema)];
  if (isScalarType(inner)) {
    if (!(inner.name in SCALARS)) throw new Error(`the platform stand-in has no value for the scalar ${inner.name}: add one to SCALARS`);
    return SCALARS[inner.name];
  }
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  if (isAbstractType(inner)) return { __typename: schema.getPossibleTypes(inner)[0]?.name };
  if (isObjectType(inner)) return {};
  return null;
}

/**
 * Starts the stand-in on 127.0.0.1: `POST /graphql` executes the operation; anything else is 404.
 * @param {string} root the repository root (the SDL files are read from it)
 * @returns {Promise<{ origin: string, close(): Promise<void> }>}
 */
export async function startMockPlatform(root) {
  const schema = buildSchema(platformSchemaSDL(root));
  const fieldResolver = (source, _args, _context, info) =>
    source !== null && typeof source === 'object' && Object.hasOwn(source, info.fieldName)
      ? source[info.fieldName]
      : madeUp(info.returnType, info.schema);
  const typeResolver = (value) => value?.__typename;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/graphql') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('not JSON');
        return;
      }
      void graphql({
        schema,
        source: String(body.query ?? ''),
        variableValues: body.variables ?? undefined,
        operationName: body.operationName ?? undefined,
        fieldResolver,
        typeResolver,
      }).then((result) => {
        res.writeHead(200, { 'content-type': 'application/graphql-response+json' }).end(JSON.stringify(result));
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
