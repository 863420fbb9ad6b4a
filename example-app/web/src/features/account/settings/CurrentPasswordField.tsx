// The current password that guards a change of address, password or closure: one field, the same
// label, name and autocomplete everywhere, its error under it (the server's path input.currentPassword).
import { Field } from '../../../components/Field';

export function CurrentPasswordField({
  value,
  onChange,
  error,
}: {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | undefined;
}) {
  return (
    <Field
      label="Current password"
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}
