// Types for scripts/server-from-source.mjs, so TypeScript tests and benches can import it.

/** Bundles the server source file `entry` (a path) into `outfile` (a path), as the benches and tests run it. */
export declare function bundleServerSource(entry: string, outfile: string): Promise<void>;
