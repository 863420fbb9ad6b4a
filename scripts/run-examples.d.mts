// Types for scripts/run-examples.mjs, so TypeScript tests can import it.

/** A code block to run: its text, its language, where it is, and its fence's words after the language. */
export interface ExampleBlock {
  readonly code: string;
  readonly ext: 'ts' | 'tsx';
  readonly file: string;
  readonly line: number;
  readonly info: string;
}

/** Why a ```ts browser block is not run when no browser is given. */
export declare const BROWSER_REASON: string;
/** Why a ```ts platform or ```ts network block is not run when no example server is named. */
export declare const PLATFORM_REASON: string;
/** How a block is run, from its fence's words: in Node, with a page's globals, against the example server, or not and why. */
export declare function runMode(
  info: string,
): { run: 'node' | 'dom' | 'platform' | 'browser' } | { run: false; reason: string } | { error: string };
/** The result a comment states (`1599: 40% is 1599.6` states 1599), or undefined when it states none. */
export declare function statedResult(comment: string): { value: unknown; text: string } | undefined;
/**
 * Runs the blocks in turn against the built packages; every failure is a `FILE:LINE: message`. The
 * ```ts platform and ```ts network blocks run against `platform.origin` (an example server), each
 * with the token `platform.signIn()` gives before it (a signed-in session) on its requests and
 * sockets and `platform.authServiceApiKey` as process.env.AUTH_SERVICE_API_KEY; they are skipped
 * without it. The ```ts browser blocks, bundled, run through `browser(script)`, which resolves to
 * the `[n, value]` pairs the block's checks recorded; skipped without it.
 */
export declare function runExamples(
  root: string,
  cacheName: string,
  snippets: readonly ExampleBlock[],
  options?: {
    readonly platform?: { readonly origin: string; readonly signIn: () => Promise<string>; readonly authServiceApiKey: string };
    readonly browser?: (script: string) => Promise<[number, unknown][]>;
  },
): Promise<{ errors: string[]; ran: number; checked: number; skipped: { where: string; reason: string }[] }>;
/** The global function name a checked block calls with each stated value. */
export declare const CHECK_NAME: string;
/** The block with each statement that states its result wrapped in a call of CHECK_NAME, and the stated results. */
export declare function withChecks(
  code: string,
  ext: 'ts' | 'tsx',
): { code: string; stated: { value: unknown; text: string; line: number }[] };
/** The CHECK_NAME function for one block: pushes a `FILE:LINE` failure for a value that differs from its statement. */
export declare function statedChecker(
  block: { readonly file: string; readonly line: number },
  stated: readonly { value: unknown; text: string; line: number }[],
  failures: string[],
  counted: () => void,
): (actual: unknown, n: number) => unknown;
