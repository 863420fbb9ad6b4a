// GraphQL Code Generator (npm run codegen): the server's resolver signatures and the sdk's typed
// operations, both from the SDL of the server's modules. The generated files are committed;
// scripts/codegen.test.ts regenerates them and fails when they differ.
import { readdirSync, readFileSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { finishGeneratedFile } from './scripts/codegen/finish';
import { platformSchemaText } from './scripts/codegen/platform-schema';

/** The platform schema: the server's base SDL, then each module's (which extend Query, Mutation, User...). */
const schema = platformSchemaText();

const OPERATIONS = 'sdk/src/transport/operations';
/** The sdk's operations, file by file in name order, as one text (as the schema, for a stable output). */
const documents = readdirSync(OPERATIONS)
  .filter((name) => name.endsWith('.graphql'))
  .sort()
  .map((name) => readFileSync(`${OPERATIONS}/${name}`, 'utf8'))
  .join('\n');

const ADMIN_OPERATIONS = 'example-app/web/src/features/admin/operations';
/**
 * The admin console's operations (the web app's own, not the public sdk's): the same way, into
 * example-app/web/src/features/admin/generated/operations.ts.
 */
const adminDocuments = readdirSync(ADMIN_OPERATIONS)
  .filter((name) => name.endsWith('.graphql'))
  .sort()
  .map((name) => readFileSync(`${ADMIN_OPERATIONS}/${name}`, 'utf8'))
  .join('\n');

const scalars = { ID: 'string', Pence: 'number', DateTime: 'string' };

/**
 * The scalars as the server's resolvers see them (server/src/scalars.ts): a DateTime argument
 * arrives as a Date; a DateTime result may be a Date, epoch milliseconds or an ISO string with an offset.
 */
const serverScalars = {
  ID: 'string',
  Pence: 'number',
  DateTime: { input: 'Date', output: 'Date | number | string' },
};

/**
 * The object types whose resolvers are given a server value rather than the GraphQL shape as
 * parent: each is the TypeScript type that already describes that value (path from the generated
 * file). A resolver returning such a type returns this value, and the type's field resolvers read it.
 */
const mappers = {
  // The member's row and what they hold (members/access.ts): User's resolvers read it (members, billing, integrations).
  User: '../kernel#MemberAccess',
};

/**
 * The schema's enums that the sdk's operations declare (as `Gql<Name>`, in
 * sdk/src/transport/generated/operations.ts, published by `@matchkit/sdk/transport`): the server's
 * resolver types import them from there rather than declare them a second time. CheckoutStatus is
 * the server's alone (no operation reads it). scripts/codegen.test.ts fails when an enum is
 * declared in both files.
 */
const sdkEnums = [
  'BrandId',
  'BillingTerm',
  'IntegrationStatus',
  'ErrorCode',
  'ProfitType',
  'BetStatus',
  'LegSide',
  'LegResult',
  'FreeBetKind',
  'AccountKind',
  'BalanceEntryKind',
  'ChangeKind',
  'CommissionState',
  'NotificationChannel',
];

const config: CodegenConfig = {
  overwrite: true,
  schema,
  // The modules only extend Query, Mutation and Subscription: no module defines them alone. Not
  // sorted: types and fields in the order the SDL gives them (the spec tests read that order).
  config: { convertExtensions: true, sort: false },
  hooks: { beforeOneFileWrite: [finishGeneratedFile] },
  generates: {
    // The server: the schema's types and every resolver's signature, against the request context.
    'example-app/server/src/generated/resolvers.ts': {
      // The enums the sdk declares are imported from it (the typescript plugin's enumValues); given
      // to that plugin alone, so the resolvers plugin adds no enum resolvers for them (the server
      // resolves no enum: its values are the wire's).
      plugins: [
        { typescript: { enumValues: Object.fromEntries(sdkEnums.map((name) => [name, `@matchkit/sdk/transport#Gql${name}`])) } },
        'typescript-resolvers',
      ],
      config: {
        scalars: serverScalars,
        mappers,
        contextType: '../kernel#RequestContext',
        // What graphql-js accepts from a resolver: read-only lists and objects (the sdk's catalogues
        // are), and undefined for null. Arguments are absent or null, never undefined.
        immutableTypes: true,
        maybeValue: 'T | null | undefined',
        inputMaybeValue: 'T | null',
        useTypeImports: true,
        enumsAsTypes: true,
        makeResolverTypeOptional: true,
      },
    },
    'sdk/src/transport/generated/operations.ts': {
      documents,
      plugins: ['typescript-operations', './scripts/codegen/string-documents.mjs'],
      config: {
        scalars,
        typesPrefix: 'Gql',
        operationResultSuffix: 'Data',
        enumType: 'string-literal',
        immutableTypes: true,
        skipTypename: true,
        resultSuffix: 'Data',
        importFrom: '../document',
        listName: 'platformOperations',
        // A result names the fragment types it spreads (GqlTrackedBet) instead of inlining their fields.
        inlineFragmentTypes: 'combine',
      },
    },
    // The admin console's operations: typed string documents as the sdk's, for the web app only
    // (a member's page never imports them). TypedDocumentString and the enums the sdk declares
    // come from @matchkit/sdk/transport (scripts/codegen/finish.ts).
    'example-app/web/src/features/admin/generated/operations.ts': {
      documents: adminDocuments,
      plugins: ['typescript-operations', './scripts/codegen/string-documents.mjs'],
      config: {
        scalars,
        typesPrefix: 'Gql',
        operationResultSuffix: 'Data',
        enumType: 'string-literal',
        immutableTypes: true,
        skipTypename: true,
        resultSuffix: 'Data',
        importFrom: '@matchkit/sdk/transport',
        inlineFragmentTypes: 'combine',
        enumValues: Object.fromEntries(sdkEnums.map((name) => [name, `@matchkit/sdk/transport#Gql${name}`])),
        useTypeImports: true,
      },
    },
  },
};

export default config;
