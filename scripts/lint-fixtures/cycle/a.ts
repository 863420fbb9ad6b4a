// A fixture of scripts/lint-rules.test.ts: a.ts and b.ts import each other (a circle import-x/no-cycle
// reports). The repository's lint ignores this folder; the test lints it on purpose.
import { b } from './b';

export const a = (): number => b() + 1;
