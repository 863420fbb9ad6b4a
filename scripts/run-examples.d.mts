// Types for scripts/run-examples.mjs, so TypeScript tests can import it.

/** A code block to run: its text, its language, where it is, and its fence's words after the language. */
export interface ExampleBlock {
  readonly code: string;
  readonly ext: 'ts' | 'tsx';
  readonly file: string;
  readonly line: number;
  readonly info: string;
}

/** Why a ```ts network block is not run. */
export declare const NETWORK_REASON: string;
/** How a block is run, from its fence's words: in Node, with a page's globals, or not and why. */
export declare function runMode(info: string): { run: 'node' | 'dom' } | { run: false; reason: string } | { error: string };
/** The result a comment states (`1599: 40% is 1599.6` states 1599), or undefined when it states none. */
export declare function statedResult(comment: string): { value: unknown; text: string } | undefined;
/** Runs the blocks in turn against the built packages; every failure is a `FILE:LINE: message`. */
export declare function runExamples(
  root: string,
  cacheName: string,
  snippets: readonly ExampleBlock[],
): Promise<{ errors: string[]; ran: number; checked: number; skipped: { where: string; reason: string }[] }>;
