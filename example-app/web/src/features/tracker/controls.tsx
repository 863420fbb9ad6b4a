// The tracker forms' shared controls: the profit type select (record and edit), a form's save and
// cancel buttons (settle and edit) and the box around a leg's fields (record and edit).
import type { GqlProfitType } from '@matchkit/sdk/transport';
import { Button, SelectField } from '../../components/ui';
import { PROFIT_TYPES } from './filters';
import { PROFIT_TYPE_LABELS } from './labels';

/** The classes of a leg's fieldset: a bordered box around its account, odds and stake. */
export const LEG_FIELDSET = 'mx-0 mt-0 mb-4 min-w-0 rounded-control border border-border';

/** A labelled select of the tracker's profit types. */
export function ProfitTypeSelect({
  value,
  onChange,
}: {
  readonly value: GqlProfitType;
  readonly onChange: (value: GqlProfitType) => void;
}) {
  return (
    <SelectField label="Profit type" value={value} onChange={(e) => onChange(e.target.value as GqlProfitType)}>
      {PROFIT_TYPES.map((t) => (
        <option key={t} value={t}>
          {PROFIT_TYPE_LABELS[t]}
        </option>
      ))}
    </SelectField>
  );
}

/** A form's submit button (`label`, "Saving…" while pending) and its Cancel. */
export function SaveOrCancel({
  label,
  pending,
  onCancel,
}: {
  readonly label: string;
  readonly pending: boolean;
  readonly onCancel: () => void;
}) {
  return (
    <p className="flex flex-wrap gap-2">
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : label}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </p>
  );
}
