// Types for scripts/sdk-from-source.mjs, so TypeScript tests can import it.
import type { Plugin } from 'esbuild';

/** An esbuild plugin resolving `@matchkit/sdk` and its subpaths to sdk/src/<subpath>/index.ts. */
export declare function sdkFromSource(): Plugin;
