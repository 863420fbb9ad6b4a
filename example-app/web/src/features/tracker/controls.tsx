// The tracker forms' shared controls: the profit type select (record and edit) and a form's save and
// cancel buttons (settle and edit).
import type { GqlProfitType } from '@matchkit/sdk/transport';
import { PROFIT_TYPES } from './filters';
import { PROFIT_TYPE_LABELS } from './labels';

/** A labelled select of the tracker's profit types, its control's id `${idPrefix}-type`. */
export function ProfitTypeSelect({
  idPrefix,
  value,
  onChange,
}: {
  readonly idPrefix: string;
  readonly value: GqlProfitType;
  readonly onChange: (value: GqlProfitType) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${idPrefix}-type`}>Profit type</label>
      <select id={`${idPrefix}-type`} value={value} onChange={(e) => onChange(e.target.value as GqlProfitType)}>
        {PROFIT_TYPES.map((t) => (
          <option key={t} value={t}>
            {PROFIT_TYPE_LABELS[t]}
          </option>
        ))}
      </select>
    </div>
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
    <p className="actions">
      <button type="submit" disabled={pending}>
        {pending ? 'Saving…' : label}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </p>
  );
}
