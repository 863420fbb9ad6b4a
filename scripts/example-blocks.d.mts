// Types for scripts/example-blocks.mjs, so TypeScript tests can import it.
import type { ExampleBlock } from './run-examples.mjs';

/** Every exported symbol of the public entry points and the code blocks of their TSDoc @example tags. */
export declare function tsdocBlocks(root: string): {
  entryPoints: string[];
  checked: number;
  missing: string[];
  snippets: ExampleBlock[];
};

/** The code blocks of the guides and the READMEs (see the module's comment for each list). */
export declare function docBlocks(root: string): {
  files: string[];
  snippets: Omit<ExampleBlock, 'info'>[];
  runnable: { code: string; ext: 'ts' | 'tsx' | 'js'; file: string; line: number }[];
  guideBlocks: ExampleBlock[];
  fileErrors: string[];
  shown: number;
};
