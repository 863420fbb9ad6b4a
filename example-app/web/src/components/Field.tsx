// A labelled form field with its error next to it: the error is tied to the input by
// aria-describedby and marks it aria-invalid, so a screen reader reads both together.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  readonly label: ReactNode;
  /** The message for this field, or undefined when it is fine. */
  readonly error?: string | undefined;
  /** Help shown under the label. */
  readonly hint?: ReactNode;
}

export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId].filter((x) => x !== null).join(' ');
  const checkbox = input.type === 'checkbox';
  return (
    <div className={checkbox ? 'field field-checkbox' : 'field'}>
      {checkbox ? null : <label htmlFor={id}>{label}</label>}
      {hint === undefined ? null : (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      <input id={id} aria-invalid={error === undefined ? undefined : true} aria-describedby={describedBy === '' ? undefined : describedBy} {...input} />
      {checkbox ? <label htmlFor={id}>{label}</label> : null}
      {error === undefined ? null : (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
