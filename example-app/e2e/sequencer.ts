// The order the browser test files start in. Two run at a time (vitest.config.ts), so the run ends
// when the busier of the two workers is done: the files that take minutes must start first, or one
// of them starts near the end and the other worker idles while it runs.
//
// Vitest orders by the durations of the last run it remembers (node_modules/.vite), longest first;
// without them, as in CI's fresh clone, it orders by file size, and the heaviest files are small
// ones that call a suite (review.primary.test.ts is 4 lines): in CI run 22 (4 December 2026) the two
// screenshot reviews (227 s and 194 s) started among the last, and the workers ended 683 s and 634 s
// into the run. HEAVIEST names them, from that run's durations; the other files keep vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that took more than half a minute in CI run 22, heaviest first (paths from the repository's root). */
const HEAVIEST = [
  'example-app/e2e/review.primary.test.ts', // 227 s
  'example-app/e2e/review.secondary.test.ts', // 194 s
  'examples/recipes/recipes.test.ts', // 70 s (CI only)
  'example-app/e2e/accounts.primary.test.ts', // 65 s
  'example-app/e2e/accounts.secondary.test.ts', // 61 s
  'example-app/e2e/billing.primary.test.ts', // 51 s
  'example-app/e2e/billing.secondary.test.ts', // 35 s
];

export default class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = HEAVIEST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return at === -1 ? HEAVIEST.length : at;
    };
    // Array.prototype.sort is stable: the files not named keep vitest's order after the named ones.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
