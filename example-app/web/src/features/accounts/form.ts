// Errors of the account forms, keyed by the field's path (`input.email`, `email`, ...), whether
// the sdk's validators found them in the browser or the server reported them: one map, so each
// message lands next to the same field either way.
import { useEffect, useState, type RefObject } from 'react';
import { problemsByField, type FieldProblem } from '@matchkit/sdk/accounts';
import type { MutationError } from '../../components/errors';

export type FieldErrors = Readonly<Record<string, string>>;

export interface FormErrors {
  /** Messages by field path. */
  readonly fields: FieldErrors;
  /** A message about the whole form (no field), or null. */
  readonly form: string | null;
  showProblems(problems: readonly FieldProblem[]): void;
  /** A server payload error: next to its field when the form has that field, else for the form. */
  showPayloadError(error: MutationError, knownFields: readonly string[]): void;
  showFormError(message: string): void;
  clear(): void;
}

/** The errors of the form `formRef` points at: after errors are shown, focus moves to its first invalid field. */
export function useFormErrors(formRef: RefObject<HTMLFormElement | null>): FormErrors {
  const [fields, setFields] = useState<FieldErrors>({});
  const [form, setForm] = useState<string | null>(null);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [shown, formRef]);
  return {
    fields,
    form,
    showProblems(problems) {
      setFields(problemsByField(problems));
      setForm(null);
      setShown((n) => n + 1);
    },
    showPayloadError(error, knownFields) {
      if (error.field !== null && knownFields.includes(error.field)) {
        setFields({ [error.field]: error.message });
        setForm(null);
      } else {
        setFields({});
        setForm(error.message);
      }
      setShown((n) => n + 1);
    },
    showFormError(message) {
      setFields({});
      setForm(message);
    },
    clear() {
      setFields({});
      setForm(null);
    },
  };
}
