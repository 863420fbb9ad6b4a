// The generated files are committed: this regenerates them (npm run codegen, without writing) and
// fails on any difference, naming the file. After changing a schema.graphql or an operation's
// .graphql document, run `npm run codegen` and commit what it writes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import config from '../codegen';
import { finishGeneratedFile } from './codegen/finish';
import { platformSchemaText } from './codegen/platform-schema';

describe('the generated GraphQL files', () => {
  it('are what npm run codegen writes from the schema and the operations', { timeout: 120_000 }, async () => {
    const outputs: { filename: string; content: string }[] = await generate({ ...config, silent: true, verbose: false }, false);
    const names = Object.keys(config.generates).sort();
    // The server's resolvers, the sdk's operations and the admin console's operations (the web app's own).
    expect(names).toEqual([
      'example-app/server/src/generated/resolvers.ts',
      'example-app/web/src/features/admin/generated/operations.ts',
      'sdk/src/transport/generated/operations.ts',
    ]);
    expect(outputs.map((o) => o.filename).sort()).toEqual(names);
    for (const output of outputs) {
      const path = resolve(output.filename);
      const expected = await finishGeneratedFile(path, output.content);
      const committed = readFileSync(path, 'utf8');
      expect(committed === expected, `${output.filename} is stale: run npm run codegen and commit it`).toBe(true);
    }
  });
});

describe("the schema's enums", () => {
  const enums = parse(platformSchemaText())
    .definitions.filter((d) => d.kind === Kind.ENUM_TYPE_DEFINITION)
    .map((d) => d.name.value);
  const operations = readFileSync(resolve('sdk/src/transport/generated/operations.ts'), 'utf8');
  const resolvers = readFileSync(resolve('example-app/server/src/generated/resolvers.ts'), 'utf8');
  const declares = (source: string, name: string) => new RegExp(`^export type ${name} =`, 'm').test(source);

  it("are declared by the sdk only, never again by the admin console's operations (which import them)", () => {
    const admin = readFileSync(resolve('example-app/web/src/features/admin/generated/operations.ts'), 'utf8');
    const again = enums.filter((name) => declares(operations, `Gql${name}`) && declares(admin, `Gql${name}`));
    expect(again, 'declared by the sdk and by the admin operations: add them to sdkEnums in codegen.ts').toEqual([]);
    expect(admin).toMatch(/^import type \{ [^}]*\bTypedDocumentString\b[^}]* \} from '@matchkit\/sdk\/transport';$/m);
  });

  it('are each declared once: the server imports those the sdk declares', () => {
    expect(enums.length).toBeGreaterThan(0);
    const twice = enums.filter((name) => declares(operations, `Gql${name}`) && declares(resolvers, name));
    expect(twice, 'declared by the sdk and by the server: add them to sdkEnums in codegen.ts').toEqual([]);
    // Every enum is declared by one of the two, and what the server imports, the sdk declares.
    for (const name of enums) expect(declares(operations, `Gql${name}`) || declares(resolvers, name), name).toBe(true);
    for (const [, sdkName] of resolvers.matchAll(/\b(Gql\w+) as \w+/g)) expect(declares(operations, sdkName as string), sdkName).toBe(true);
  });
});
