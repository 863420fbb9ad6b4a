import { readFileSync } from 'node:fs';
import type * as GraphQL from 'graphql';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';

// Design rule: nothing runs at import. The typed operations used to be parsed with graphql-js's
// `parse` when the module loaded; they are typed strings now. Two checks keep it that way: a
// spy on the `graphql` module while the transport loads, and a read of operations.ts's syntax.

const calls = vi.hoisted(() => ({ parse: 0, print: 0 }));

vi.mock('graphql', async (importOriginal) => {
  const actual = await importOriginal<typeof GraphQL>();
  return {
    ...actual,
    parse: (...args: Parameters<typeof actual.parse>) => {
      calls.parse += 1;
      return actual.parse(...args);
    },
    print: (...args: Parameters<typeof actual.print>) => {
      calls.print += 1;
      return actual.print(...args);
    },
  };
});

describe('importing the transport', () => {
  it('calls neither graphql.parse nor graphql.print', async () => {
    const transport = await import('./index');
    expect(Object.keys(transport.platformOperations)).toHaveLength(39);
    expect(calls).toEqual({ parse: 0, print: 0 });
    // Control: the spy does see the calls made through the `graphql` module the sdk imports.
    const graphql = await import('graphql');
    graphql.parse(transport.MeQuery);
    expect(calls.parse).toBe(1);
  });

  it('the generated operations have no top-level statement that calls anything, and no runtime import', () => {
    const file = new URL('./generated/operations.ts', import.meta.url);
    const source = ts.createSourceFile('operations.ts', readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const offenders: string[] = [];
    const where = (node: ts.Node) => `line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) {
        offenders.push(`${where(node)}: ${node.getText().slice(0, 40)}`);
      }
      // Function bodies run only when called, not at import.
      if (ts.isFunctionLike(node)) return;
      ts.forEachChild(node, visit);
    };
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement)) {
        if (statement.importClause?.isTypeOnly !== true)
          offenders.push(`${where(statement)}: runtime import ${statement.moduleSpecifier.getText()}`);
        continue;
      }
      visit(statement);
    }
    expect(offenders).toEqual([]);
  });
});
