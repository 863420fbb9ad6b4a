// One account settings form (name, password, address, closure), as each of them runs: check the
// fields with the sdk's validator, send the mutation, put the server's refusal next to its field
// (or over the form), and on success tell the member and read them again.
import type { FormEvent, RefObject } from 'react';
import { matchkitQueryKey, useMatchkit, useMatchkitMutation } from '@matchkit/react';
import type { FormResult } from '@matchkit/sdk/accounts';
import { MeQuery, type TypedDocumentString } from '@matchkit/sdk/transport';
import { describeError } from '../../../components/errors';
import { useFormErrors, type FormErrors } from '../../accounts';
import { useNotify } from '../../notifications';
import type { Outcome } from '../api/billing';

export interface SettingsForm<T> {
  readonly errors: FormErrors;
  readonly pending: boolean;
  /** The form's submit handler: checks `check()`, then sends its value. */
  readonly submit: (event: FormEvent) => void;
  /** Sends an already checked value (after a confirmation). */
  readonly send: (value: T) => void;
}

/**
 * @param fields The input paths the form shows (a refusal naming another goes over the form).
 * @param done What the member is told on success (a notification).
 * @param onOk Called on success, before the member is read again.
 */
export function useSettingsForm<Field extends string, T>(options: {
  /** The form (after errors are shown, focus moves to its first invalid field). */
  readonly formRef: RefObject<HTMLFormElement | null>;
  readonly document: TypedDocumentString<Outcome<Field>, { readonly input: T }>;
  readonly field: Field;
  readonly fields: readonly string[];
  readonly check: () => FormResult<T>;
  readonly done: string;
  readonly onOk?: () => void;
  /** Instead of sending at once: hold the checked value (a confirmation asks first). */
  readonly confirm?: (value: T) => void;
}): SettingsForm<T> {
  const { queryClient } = useMatchkit();
  const notify = useNotify();
  const errors = useFormErrors(options.formRef);
  const mutation = useMatchkitMutation(options.document);
  const send = (input: T) => {
    errors.clear();
    mutation.mutate(
      { input },
      {
        onSuccess: ({ data }) => {
          const outcome = data[options.field];
          if (outcome.ok) {
            notify('success', options.done);
            options.onOk?.();
            void queryClient.invalidateQueries({ queryKey: matchkitQueryKey(MeQuery) });
          } else if (outcome.error !== null) {
            errors.showPayloadError(outcome.error, options.fields);
          } else {
            errors.showFormError('That did not work. Please try again.');
          }
        },
        onError: (error) => errors.showFormError(describeError(error)),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const checked = options.check();
    if (!checked.ok) {
      errors.showProblems(checked.problems);
      return;
    }
    if (options.confirm === undefined) send(checked.value);
    else {
      errors.clear();
      options.confirm(checked.value);
    }
  };
  return { errors, pending: mutation.isPending, submit, send };
}
