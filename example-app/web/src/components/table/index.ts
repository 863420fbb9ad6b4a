// The data table (DataTable.tsx's header says how to use it), where a member's choices are kept, and
// the controls above a tool's table (a collapsible filter bar, an info disclosure).
export { DataTable, type DataColumn, type DataTableProps } from './DataTable';
export {
  browserTableStorage,
  clampWidth,
  loadPreferences,
  preferencesKey,
  savePreferences,
  type ColumnLimits,
  type TablePreferences,
  type TableStorage,
} from './preferences';
export { FilterBar, InfoDisclosure, type FilterBarProps, type InfoDisclosureProps } from './TableToolbar';
