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

export default defineConfig({
  entry,
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  platform: 'neutral',
  splitting: true,
  tsconfig: 'tsconfig.json',
});
