// A dashboard table's heading with its CSV download beside it: every table of the Analytics tab
// has one, the file named after the table and the range.
import { Button } from '../../../components/ui';
import { downloadCsv, toCsv, type CsvCell } from './csv';

export interface CsvHeadingProps {
  /** The heading's id, which the table's section is labelled by. */
  readonly id: string;
  readonly title: string;
  /** What the file holds, in the button's name: "Download {what} as CSV". */
  readonly what: string;
  /** The file's name, with its .csv. */
  readonly file: string;
  readonly header: readonly string[];
  /** The rows, computed when the button is pressed. */
  readonly rows: () => readonly (readonly CsvCell[])[];
}

/** @example <CsvHeading id="usage-title" title="Page views by plan" what="page views" file="page-views.csv" header={['page']} rows={() => [['/']]} /> */
export function CsvHeading({ id, title, what, file, header, rows }: CsvHeadingProps) {
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
      <h3 id={id} className="m-0 text-lg font-semibold">
        {title}
      </h3>
      <Button size="sm" variant="secondary" onClick={() => downloadCsv(file, toCsv(header, rows()))}>
        Download {what} as CSV
      </Button>
    </div>
  );
}
