// A labelled form field with its error next to it: the error is tied to the input by
// aria-describedby and marks it aria-invalid, so a screen reader reads both together. The text
// field and the select of the component layer (components/ui re-exports both): a number is a
// Field with type="number" or inputMode="decimal".
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { CircleExclamationPoint } from 'lucide-react';
import { cx } from './ui/cx';

/** A text input's or a select's look: a bordered control that turns the danger colour when invalid. */
export const CONTROL =
  'min-h-10 w-full max-w-full rounded-control border border-border-strong bg-surface px-3 py-2 text-base text-text ' +
  'aria-[invalid=true]:border-danger aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-danger disabled:opacity-60';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  readonly label: ReactNode;
  /** The message for this field, or undefined when it is fine. */
  readonly error?: string | undefined;
  /** Help shown under the label. */
  readonly hint?: ReactNode;
  /** The input element (a file field's form reads its files). */
  readonly ref?: Ref<HTMLInputElement> | undefined;
  /**
   * Laid out in a form grid (a grid of columns whose rows are auto): the field takes four rows of
   * it as a subgrid (label, control, hint, error), so the controls of one grid row line up however
   * long the labels and hints beside them are. Its hint then shows under the control.
   */
  readonly grid?: boolean;
}

/** A field's box, its label's and its control's classes: a column, or four rows of a form grid. */
function fieldLayout(grid: boolean) {
  return grid
    ? { box: 'row-span-4 grid grid-rows-subgrid gap-y-1', label: 'row-start-1 self-end font-medium', control: 'row-start-2' }
    : { box: 'mb-4 flex max-w-md flex-col gap-1', label: 'font-medium', control: '' };
}

/** The ids of a control, its hint and its error, and the attributes that tie them to the control. */
function useFieldParts(hint: ReactNode, error: string | undefined, grid = false) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId].filter((x) => x !== null).join(' ');
  return {
    id,
    control: {
      id,
      'aria-invalid': error === undefined ? undefined : true,
      'aria-describedby': describedBy === '' ? undefined : describedBy,
    },
    hint:
      hint === undefined ? null : (
        <p className={cx('m-0 text-sm text-muted', grid ? 'row-start-3' : '')} id={hintId}>
          {hint}
        </p>
      ),
    error:
      error === undefined ? null : (
        <p className={cx('m-0 flex items-start gap-1 text-sm text-danger', grid ? 'row-start-4' : '')} id={errorId}>
          <CircleExclamationPoint aria-hidden="true" focusable="false" size={16} className="mt-0.5 shrink-0" />
          {error}
        </p>
      ),
  } as const;
}

/**
 * A labelled input with its hint and error (a checkbox: the box before its label).
 *
 * @example
 * <Field label="Back stake (£)" inputMode="decimal" hint="What you bet at the bookmaker." error={errors.stake} value={stake} onChange={...} />
 */
export function Field({ label, error, hint, grid = false, className, ...input }: FieldProps) {
  const parts = useFieldParts(hint, error, grid);
  const layout = fieldLayout(grid);
  const checkbox = input.type === 'checkbox' || input.type === 'radio';
  if (checkbox) {
    return (
      <div className="mb-4 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <input {...parts.control} {...input} className={cx('size-4 accent-accent', className)} />
        <label htmlFor={parts.id}>{label}</label>
        {parts.hint === null ? null : <div className="basis-full">{parts.hint}</div>}
        {parts.error === null ? null : <div className="basis-full">{parts.error}</div>}
      </div>
    );
  }
  return (
    <div className={layout.box}>
      <label htmlFor={parts.id} className={layout.label}>
        {label}
      </label>
      {parts.hint}
      <input {...parts.control} {...input} className={cx(CONTROL, layout.control, className)} />
      {parts.error}
    </div>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  readonly label: ReactNode;
  /** The message for this field, or undefined when it is fine. */
  readonly error?: string | undefined;
  /** Help shown under the label. */
  readonly hint?: ReactNode;
  /** The options. */
  readonly children: ReactNode;
  /** As {@link FieldProps.grid}. */
  readonly grid?: boolean;
}

/**
 * A labelled native select with its hint and error tied to it, as {@link Field} does for an input.
 *
 * @example
 * <SelectField label="Exchange" value={exchange} onChange={(e) => setExchange(e.currentTarget.value)}>
 *   {exchanges.map((x) => <option key={x.key} value={x.key}>{x.displayName}</option>)}
 * </SelectField>
 */
export function SelectField({ label, error, hint, grid = false, children, className, ...select }: SelectFieldProps) {
  const parts = useFieldParts(hint, error, grid);
  const layout = fieldLayout(grid);
  return (
    <div className={layout.box}>
      <label htmlFor={parts.id} className={layout.label}>
        {label}
      </label>
      {parts.hint}
      <select {...parts.control} {...select} className={cx(CONTROL, 'cursor-pointer', layout.control, className)}>
        {children}
      </select>
      {parts.error}
    </div>
  );
}
