import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The .d.ts bundler drops the entry's leading comment; put the `@packageDocumentation` comment of
// src/index.ts back at the top of the declarations so that api-extractor and editors see it.
const entrySource = readFileSync(new URL('./src/index.ts', import.meta.url), 'utf8');
const packageDoc = /^\/\*\*[\s\S]*?@packageDocumentation[\s\S]*?\*\//.exec(entrySource)?.[0];

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: packageDoc === undefined ? true : { banner: packageDoc },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  external: ['react', '@matchkit/sdk'],
  tsconfig: 'tsconfig.json',
});
