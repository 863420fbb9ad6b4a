// The last step of `npm run codegen` (a beforeOneFileWrite hook), also run by the freshness test:
// names as the sdk has always exported them, a TSDoc with an @example on every export of the sdk's
// generated operations (the published API's rule), and Prettier's formatting.
import prettier from 'prettier';

const OPERATION = /\bGql(\w+(?:Query|Mutation|Subscription)(?:Data|Variables))\b/g;
const FRAGMENT = /\bGql(\w+)FieldsFragment\b/g;

/** The TSDoc of a generated type that has no @example yet. */
function docFor(name: string, body: string, description: string | null): string {
  const lead = description === null ? '' : `${description.replace(/\.?$/, '.')} `;
  let m = /^(\w+(?:Query|Mutation|Subscription))Data$/.exec(name);
  if (m) {
    return `/** ${lead}The result (\`data\`) of {@link ${m[1]}}. @example \`const { data } = await client.request({ query: ${m[1]} }); // data: ${name}\` */`;
  }
  m = /^(\w+(?:Query|Mutation|Subscription))Variables$/.exec(name);
  if (m) return `/** ${lead}The variables of {@link ${m[1]}}. @example \`const variables: ${name} = { ... };\` */`;
  const literal = /^\s*(?:\/\*\*[^]*?\*\/\s*)?\|?\s*('[^']*')/.exec(body);
  if (literal) return `/** ${lead}@example \`const value: ${name} = ${literal[1]};\` */`;
  return `/** ${lead}@example \`const use = (value: ${name}) => value;\` */`;
}

/** Adds the missing TSDoc examples of `export type` declarations. */
function document(source: string): string {
  const re = /(?:\/\*\*((?:(?!\*\/)[^])*)\*\/\n)?export type (\w+) =(\s*[^]*?;)\n/g;
  return source.replace(re, (whole: string, comment: string | undefined, name: string, body: string) => {
    if (comment?.includes('@example')) return whole;
    const description =
      comment === undefined
        ? null
        : comment
            .split('\n')
            .map((l) => l.replace(/^\s*\*?\s?/, ''))
            .join(' ')
            .trim();
    return `${docFor(name, body, description)}\nexport type ${name} =${body}\n`;
  });
}

/** The operation type names as the sdk has always exported them, and codegen's helpers gone: no variables is NoVariables, other variables the object itself. */
function operationNames(content: string): string {
  return content
    .replace(OPERATION, '$1')
    .replace(FRAGMENT, 'Gql$1')
    .replace(/\/\*\* Internal type\. DO NOT USE DIRECTLY\. \*\/\n(?:export )?type (?:Exact|Incremental)<[^\n]*\n/g, '')
    .replace(/Exact<\{ \[key: string\]: never; \}>/g, 'NoVariables')
    .replace(/Exact<(\{[^]*?\})>;/g, '$1;');
}

/** What the sdk's generated operations file needs on top of what the plugins wrote. */
function finishOperations(content: string): string {
  let out = operationNames(content);
  out = out.replace(
    /(import type \{ TypedDocumentString \} from [^\n]*\n)/,
    `$1\n/** No variables. @example \`const vars: NoVariables = {};\` */\nexport type NoVariables = Record<string, never>;\n`,
  );
  return document(out);
}

/**
 * What the admin console's generated operations (example-app/web/src/features/admin) need: the
 * sdk's names and TSDoc, and one type import from @matchkit/sdk/transport for what the sdk already
 * declares (TypedDocumentString, NoVariables, the enums codegen.ts lists in sdkEnums), re-exported
 * as types.
 */
function finishAdminOperations(content: string): string {
  const IMPORT = /^import type \{ ([\w, ]+) \} from '@matchkit\/sdk\/transport';\n/gm;
  const body = operationNames(content);
  const names = new Set([...body.matchAll(IMPORT)].flatMap((m) => (m[1] as string).split(', ')));
  if (/\bNoVariables\b/.test(body)) names.add('NoVariables');
  const imports = `import type { ${[...names].sort().join(', ')} } from '@matchkit/sdk/transport';\n`;
  return document(imports + body.replace(IMPORT, '').replace(/^export \{ (\w+) \};$/gm, 'export type { $1 };'));
}

/**
 * What the server's resolver types need on top of what the plugins wrote: the enums it imports
 * from the sdk (codegen.ts) in one import, and re-exported as the types they are (the typescript
 * plugin writes `export { BrandId }`, which verbatimModuleSyntax refuses for a type).
 */
function finishResolvers(content: string): string {
  const IMPORT = /^import type \{ (\w+ as \w+) \} from '@matchkit\/sdk\/transport';\n/gm;
  const names = [...content.matchAll(IMPORT)].map((m) => m[1]);
  if (names.length === 0) return content;
  return `import type { ${names.join(', ')} } from '@matchkit/sdk/transport';\n${content.replace(IMPORT, '')}`.replace(
    /^export \{ (\w+) \};$/gm,
    'export type { $1 };',
  );
}

/** Finishes one generated file: the sdk's names and docs, the server's enum imports, then Prettier. */
export async function finishGeneratedFile(path: string, content: string): Promise<string> {
  const text = /sdk\/src\/transport\/generated\/operations\.ts$/.test(path)
    ? finishOperations(content)
    : /server\/src\/generated\/resolvers\.ts$/.test(path)
      ? finishResolvers(content)
      : /web\/src\/features\/admin\/generated\/operations\.ts$/.test(path)
        ? finishAdminOperations(content)
        : content;
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...options, filepath: path });
}
