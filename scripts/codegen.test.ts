// The generated files are committed: this regenerates them (npm run codegen, without writing) and
// fails on any difference, naming the file. After changing a schema.graphql or an operation's
// .graphql document, run `npm run codegen` and commit what it writes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../codegen';
import { finishGeneratedFile } from './codegen/finish';

describe('the generated GraphQL files', () => {
  it('are what npm run codegen writes from the schema and the operations', { timeout: 120_000 }, async () => {
    const outputs: { filename: string; content: string }[] = await generate({ ...config, silent: true, verbose: false }, false);
    const names = Object.keys(config.generates).sort();
    expect(outputs.map((o) => o.filename).sort()).toEqual(names);
    for (const output of outputs) {
      const path = resolve(output.filename);
      const expected = await finishGeneratedFile(path, output.content);
      const committed = readFileSync(path, 'utf8');
      expect(committed === expected, `${output.filename} is stale: run npm run codegen and commit it`).toBe(true);
    }
  });
});
