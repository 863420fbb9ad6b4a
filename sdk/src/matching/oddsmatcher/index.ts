// The oddsmatcher, one concern a file, lowest layer first: options.ts (schemas, defaults, the
// compiled filters), types.ts (the row, the store interface), columns.ts (typed-array storage,
// dictionaries), buckets.ts (the ordered index), topk.ts (the incremental top k and its rows),
// rank.ts (the full ranking), ingest.ts (snapshots, structure and ticks: the whole engine) and
// store.ts (the public factory). Each layer is a class extending the one below, so that the
// engine stays one object whose columns the hot loops read directly.
export {
  oddsmatcherFiltersSchema,
  oddsmatcherOptionsSchema,
  type OddsmatcherFilters,
  type OddsmatcherOptions,
  type OddsmatcherTuning,
} from './options';
export type { Oddsmatcher, OddsmatchRow, OddsmatcherStats, PriceBatch } from './types';
export { createOddsmatcher, createTunedOddsmatcher } from './store';
