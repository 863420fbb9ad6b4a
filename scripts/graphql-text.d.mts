// Types for scripts/graphql-text.mjs, so TypeScript tests can import it.
import type { Plugin } from 'esbuild';

/** An esbuild plugin reading `*.graphql?raw` imports as text. */
export declare function graphqlText(): Plugin;
