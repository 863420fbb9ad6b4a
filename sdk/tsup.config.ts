import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The entry points are read from the exports map, so the two can never drift apart.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, unknown>;
};
const entry: Record<string, string> = {};
for (const key of Object.keys(pkg.exports)) {
  if (key === './package.json') continue;
  const name = key === '.' ? 'index' : `${key.slice(2)}/index`;
  entry[name] = key === '.' ? 'src/index.ts' : `src/${key.slice(2)}/index.ts`;
}

// The .d.ts bundler drops the entry's leading comment; put the `@packageDocumentation` comment of
// src/index.ts back at the top of the declarations so that api-extractor and editors see it.
const entrySource = readFileSync(new URL('./src/index.ts', import.meta.url), 'utf8');
const packageDoc = /^\/\*\*[\s\S]*?@packageDocumentation[\s\S]*?\*\//.exec(entrySource)?.[0];

export default defineConfig({
  entry,
  format: ['esm', 'cjs'],
  dts: packageDoc === undefined ? true : { banner: packageDoc },
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  tsconfig: 'tsconfig.json',
});
