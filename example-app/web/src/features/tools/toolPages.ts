// Which page shows each tool of the catalogue (`brand.tools[].key`), loaded on demand: a tool's
// page module is fetched the first time a member opens a tool that uses it. The tool route
// (`ToolRoute`, route `:toolSlug`) finds the tool by the brand's slug and renders the page named
// here inside the tool's gate. A tool with a route of its own (the calculators, the tracker, the
// casino pages) is not listed. A feature adds its line here and nowhere else.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ToolPageProps } from './types';

type ToolPage = LazyExoticComponent<ComponentType<ToolPageProps>>;

// Each page loads as a chunk of its own, so it is imported by its own path, not through its feature's index.
// eslint-disable-next-line import-x/no-restricted-paths -- a lazy page
const finder: ToolPage = lazy(async () => ({ default: (await import('../finders/FinderPage')).FinderPage }));
// eslint-disable-next-line import-x/no-restricted-paths -- a lazy page
const oddsmatcher: ToolPage = lazy(async () => ({ default: (await import('../oddsmatcher/OddsmatcherPage')).OddsmatcherPage }));

/** The page of each tool key that is reached through its slug. */
export const toolPages: Readonly<Record<string, ToolPage>> = {
  oddsmatcher,
  matchCatcher: finder,
  eachWayCatcher: finder,
  accaCatcher: finder,
  twoUpMatcher: finder,
  twoUpMaster: finder,
  extraPlaceCatcher: finder,
  extraPlaceMaster: finder,
  bogCatcher: finder,
  priceBoostTracker: finder,
  luckyFinder: finder,
  steamChaser: finder,
  betBuilderFinder: finder,
  golfMaster: finder,
};
