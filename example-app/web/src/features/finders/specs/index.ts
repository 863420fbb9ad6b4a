// What each finder tool's page shows, tool by tool: the filters its engine takes, how its engine
// is called, the columns of its table, its calculator click-through and the bet its "add to
// profit tracker" records. One description per tool (a file each here) and one page for all
// (FinderPage): the figures are always the engine's (@matchkit/sdk/matching); the descriptions
// only pick which to show. types.ts is the description's shape; filters.ts, columns.tsx and
// shared.ts hold what several tools share.
import { accaCatcher } from './accaCatcher';
import { betBuilderFinder } from './betBuilderFinder';
import { bogCatcher } from './bogCatcher';
import { eachWayCatcher } from './eachWayCatcher';
import { extraPlace } from './extraPlace';
import { golfMaster } from './golfMaster';
import { luckyFinder } from './luckyFinder';
import { matchCatcher } from './matchCatcher';
import { priceBoostTracker } from './priceBoostTracker';
import { steamChaser } from './steamChaser';
import { twoUp } from './twoUp';
import type { AnyFinderSpec, FinderSpec } from './types';

export type { AnyFinderSpec, FilterValues, FinderColumn, FinderFilter, FinderRunContext, FinderSpec } from './types';
export { readFilterValues, readStake, STAKE_ERROR } from './filters';
export { finderCalculatorPath } from './shared';

const erase = <Row>(spec: FinderSpec<Row>) => spec as unknown as AnyFinderSpec;

/** The description of each finder tool, by catalogue tool key. */
export const finderSpecs: Readonly<Record<string, AnyFinderSpec>> = {
  matchCatcher: erase(matchCatcher),
  eachWayCatcher: erase(eachWayCatcher),
  accaCatcher: erase(accaCatcher),
  twoUpMatcher: erase(twoUp(false)),
  twoUpMaster: erase(twoUp(true)),
  extraPlaceCatcher: erase(extraPlace(false)),
  extraPlaceMaster: erase(extraPlace(true)),
  bogCatcher: erase(bogCatcher),
  priceBoostTracker: erase(priceBoostTracker),
  luckyFinder: erase(luckyFinder),
  steamChaser: erase(steamChaser),
  betBuilderFinder: erase(betBuilderFinder),
  golfMaster: erase(golfMaster),
};
