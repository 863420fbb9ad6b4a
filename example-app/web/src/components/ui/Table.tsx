// A small static table: a few rows a member reads, not sorts (a plan comparison, a list of
// payments, an import's problems). A real <table> with its caption (the table's name), column and
// row headers, in the look of DataTable: a bordered surface, muted headers, rows divided by rules,
// figures right-aligned in tabular digits. A table wider than its place scrolls sideways inside its
// own focusable box (named by the caption), never the page. Data a member sorts or filters, or
// that runs long, is a DataTable (components/table) instead.
import { useId, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from 'react';
import { cx } from './cx';

export interface TableProps {
  /** The table's name: its caption, and the name of its scroll box. */
  readonly caption: ReactNode;
  /** Keep the caption for screen readers only (a heading above already says it). @defaultValue false */
  readonly captionHidden?: boolean | undefined;
  /** Classes for the scroll box (its margins). */
  readonly className?: string | undefined;
  /** Classes for the table (a least width, such as `min-w-xl`, that it keeps by scrolling). */
  readonly tableClassName?: string | undefined;
  /** The table's `thead`, `tbody` and `tfoot`. */
  readonly children: ReactNode;
}

/**
 * @example
 * <Table caption="Your payments" captionHidden>
 *   <thead><tr><Th>Date</Th><Th numeric>Amount</Th></tr></thead>
 *   <tbody><tr><Th scope="row">1 December 2026</Th><Td numeric>£19.99</Td></tr></tbody>
 * </Table>
 */
export function Table({ caption, captionHidden = false, className, tableClassName, children }: TableProps) {
  const captionId = useId();
  return (
    // `relative` keeps a visually hidden caption (absolutely placed) inside the scroll box.
    <div
      className={cx('relative max-w-full overflow-x-auto rounded-control border border-border bg-surface', className)}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table
        className={cx(
          // The box's border closes the table: its last row has no rule of its own.
          'w-full border-collapse text-sm wrap-normal [&>:last-child>tr:last-child>*]:border-b-0',
          tableClassName,
        )}
      >
        <caption id={captionId} className={captionHidden ? 'visually-hidden' : 'px-3 pt-2 pb-1 text-left font-semibold'}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export interface ThProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** `col` for a column's header (the default), `row` for a row's. */
  readonly scope?: 'col' | 'row';
  /** A column of figures: right-aligned. */
  readonly numeric?: boolean;
}

/** A header cell of a {@link Table}: a column's (muted, bold) or, with `scope="row"`, a row's (medium weight). */
export function Th({ scope = 'col', numeric = false, className, children, ...rest }: ThProps) {
  return (
    <th
      scope={scope}
      className={cx(
        'border-b border-border px-3 py-2',
        numeric ? 'text-right tabular-nums' : 'text-left',
        scope === 'col' ? 'bg-surface-muted align-bottom font-semibold text-muted' : 'align-top font-medium',
        className,
      )}
      {...rest}
    >
      {children}
    </th>
  );
}

export interface TdProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** A figure: right-aligned in tabular digits, never wrapped. */
  readonly numeric?: boolean;
}

/** A data cell of a {@link Table}. */
export function Td({ numeric = false, className, children, ...rest }: TdProps) {
  return (
    <td
      className={cx('border-b border-border px-3 py-2 align-top', numeric && 'text-right whitespace-nowrap tabular-nums', className)}
      {...rest}
    >
      {children}
    </td>
  );
}
