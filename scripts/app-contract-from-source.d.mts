// Types for scripts/app-contract-from-source.mjs, so TypeScript tests can import it.
import type { Plugin } from 'esbuild';

/** An esbuild plugin bundling `@matchkit/app-contract` and its subpaths from the sources its exports map names. */
export declare function appContractFromSource(): Plugin;
