// A GraphQL Code Generator plugin: each operation of the documents as a string literal, typed as the
// sdk's TypedDocumentString (a string branded with its result and variables types), followed by
// the fragments it spreads (directly or through other fragments), whitespace stripped. Unlike the
// typed-document-node plugin's string mode (a String class instance per document), a plain literal
// costs nothing at import and a bundler drops every document a page does not import.
// The `#` comment lines right above an operation in its .graphql file become its TSDoc.
import { Kind, print, stripIgnoredCharacters, visit } from 'graphql';

const SUFFIX = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' };

/** The comment lines directly above the line `offset` starts on, without their `#`. */
function leadingComment(source, offset) {
  const lines = source.slice(0, offset).split('\n');
  lines.pop();
  const out = [];
  while (lines.length > 0 && /^\s*#/.test(lines[lines.length - 1])) out.unshift(lines.pop().replace(/^\s*# ?/, ''));
  return out;
}

function spreads(node) {
  const names = new Set();
  visit(node, { FragmentSpread: (s) => void names.add(s.name.value) });
  return names;
}

/** The plugin: GraphQL Code Generator calls it with the schema, the documents and the output's config. */
export function plugin(_schema, documents, config) {
  const fragments = new Map();
  for (const file of documents) {
    for (const d of file.document?.definitions ?? []) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  }
  const out = [];
  const names = [];
  for (const file of documents) {
    for (const d of file.document?.definitions ?? []) {
      if (d.kind !== Kind.OPERATION_DEFINITION) continue;
      if (d.name === undefined) throw new Error(`${file.location}: every operation needs a name`);
      const name = d.name.value + SUFFIX[d.operation];
      // The fragments it needs, in first-use order.
      const needed = [];
      const queue = [...spreads(d)];
      while (queue.length > 0) {
        const next = queue.shift();
        if (needed.includes(next)) continue;
        const fragment = fragments.get(next);
        if (fragment === undefined) throw new Error(`${file.location}: ${name} spreads an unknown fragment ${next}`);
        needed.push(next);
        queue.push(...spreads(fragment));
      }
      const text = stripIgnoredCharacters([d, ...needed.map((n) => fragments.get(n))].map((n) => print(n)).join('\n'));
      const source = d.loc?.source.body ?? '';
      const doc = d.loc === undefined ? [] : leadingComment(source, d.loc.start);
      if (!doc.some((l) => l.startsWith('@example')))
        throw new Error(`${file.location}: ${d.name.value} needs a # comment with an @example`);
      out.push(
        ['/**', ...doc.map((l) => (l === '' ? ' *' : ` * ${l}`)), ' */'].join('\n') +
          `\nexport const ${name} = ${JSON.stringify(text)} as unknown as TypedDocumentString<${name}${config.resultSuffix ?? ''}, ${name}Variables>;`,
      );
      names.push(name);
    }
  }
  names.sort();
  const list = config.listName;
  if (list) {
    out.push(
      [
        '/**',
        ' * Every operation above by its export name, for persisted-query tooling or a check against a schema.',
        ' *',
        ' * @example',
        ' * ```ts',
        ` * import { ${list} } from '@matchkit/sdk/transport';`,
        ` * const names = Object.keys(${list});`,
        ' * ```',
        ' */',
        `export const ${list} = {\n${names.map((n) => `  ${n},`).join('\n')}\n} as const;`,
      ].join('\n'),
    );
  }
  return { prepend: [`import type { TypedDocumentString } from '${config.importFrom}';`], content: out.join('\n\n') };
}
