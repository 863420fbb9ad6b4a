// The data table (DataTable.tsx's header says how to use it) and where a member's choices are kept.
export { DataTable, type DataColumn, type DataTableProps } from './DataTable';
export {
  browserTableStorage,
  loadPreferences,
  preferencesKey,
  savePreferences,
  type TablePreferences,
  type TableStorage,
} from './preferences';
