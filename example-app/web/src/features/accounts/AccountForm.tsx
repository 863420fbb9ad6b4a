// The frame the account forms share (sign in, create an account, ask for and use a reset link): the
// form in a card one comfortable line wide, its buttons in a row, and the links under it.
import type { FormEvent, ReactNode, Ref } from 'react';
import { Card } from '../../components/ui';

export function AccountForm({
  label,
  formRef,
  onSubmit,
  children,
}: {
  /** The form's accessible name. */
  readonly label: string;
  readonly formRef: Ref<HTMLFormElement>;
  readonly onSubmit: (event: FormEvent) => void;
  readonly children: ReactNode;
}) {
  return (
    <Card className="mt-4 max-w-[30rem]">
      <form ref={formRef} className="grid gap-1" noValidate onSubmit={onSubmit} aria-label={label}>
        {children}
      </form>
    </Card>
  );
}

/** The form's submit button and what goes beside it. */
export function FormActions({ children }: { readonly children: ReactNode }) {
  return <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-3">{children}</div>;
}

/** Where to go from here: a row of links under the form. */
export function AccountLinks({ children }: { readonly children: ReactNode }) {
  return <ul className="mt-4 flex list-none flex-wrap gap-x-6 gap-y-2 p-0">{children}</ul>;
}
