// A message about a whole form (no single field is at fault), announced when it appears.
import type { ReactNode } from 'react';

export function FormAlert({ message, children }: { readonly message: string | null; readonly children?: ReactNode }) {
  if (message === null) return null;
  return (
    <div className="error-box form-alert" role="alert">
      <p>{message}</p>
      {children}
    </div>
  );
}
