// A labelled form field with its error next to it: the error is tied to the input by
// aria-describedby and marks it aria-invalid, so a screen reader reads both together.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  readonly label: ReactNode;
  /** The message for this field, or undefined when it is fine. */
  readonly error?: string | undefined;
  /** Help shown under the label. */
  readonly hint?: ReactNode;
}

/** The ids of a control, its hint and its error, and the attributes that tie them to the control. */
function useFieldParts(hint: ReactNode, error: string | undefined) {
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
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ),
    error:
      error === undefined ? null : (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ),
  } as const;
}

export function Field({ label, error, hint, ...input }: FieldProps) {
  const parts = useFieldParts(hint, error);
  const checkbox = input.type === 'checkbox';
  return (
    <div className={checkbox ? 'field field-checkbox' : 'field'}>
      {checkbox ? null : <label htmlFor={parts.id}>{label}</label>}
      {parts.hint}
      <input {...parts.control} {...input} />
      {checkbox ? <label htmlFor={parts.id}>{label}</label> : null}
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
}

/** A labelled select with its hint and error tied to it, as {@link Field} does for an input. */
export function SelectField({ label, error, hint, children, ...select }: SelectFieldProps) {
  const parts = useFieldParts(hint, error);
  return (
    <div className="field">
      <label htmlFor={parts.id}>{label}</label>
      {parts.hint}
      <select {...parts.control} {...select}>
        {children}
      </select>
      {parts.error}
    </div>
  );
}
