// A message about a whole form (no single field is at fault), announced when it appears: the
// component layer's ErrorState, with what to do next as its children.
import type { ReactNode } from 'react';
import { ErrorState } from '../../components/ui';

export function FormAlert({ message, children }: { readonly message: string | null; readonly children?: ReactNode }) {
  if (message === null) return null;
  return <ErrorState className="max-w-[30rem]" message={message} action={children} />;
}
