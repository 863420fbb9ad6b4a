// One function of a calculator page: a form built from the sdk registry's description of its
// inputs, its figures recomputed by the sdk as the member types, and the registry's worked example
// (computed by the sdk, told in words, and loadable into the form).
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { CalculatorForm, CalculatorInputField } from '@matchkit/sdk/calculators/registry';
import { Lightbulb, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { Button, Card, cx, FactList, FactRow, Field, SelectField } from '../../components/ui';
import { choiceLabel, exampleInWords, fieldHint, fieldLabel, figures, run, stateFrom, type FormState } from './form';
import { NonRunnerComparison } from './NonRunnerComparison';

type Update = (change: (state: FormState) => FormState) => void;

interface InputProps {
  readonly field: CalculatorInputField;
  /** The field's state key (`backStake`, `refund.amount`, `legs.1.backOdds`). */
  readonly path: string;
  readonly state: FormState;
  readonly errors: Readonly<Record<string, string>>;
  readonly update: Update;
}

const setValue =
  (path: string, value: string) =>
  (s: FormState): FormState => ({ ...s, values: { ...s.values, [path]: value } });

/** Removes row `index` of the list at `path`, moving the rows after it up. */
function removeRow(path: string, index: number) {
  return (s: FormState): FormState => {
    const values: Record<string, string> = {};
    const prefix = `${path}.`;
    for (const [key, value] of Object.entries(s.values)) {
      if (!key.startsWith(prefix)) {
        values[key] = value;
        continue;
      }
      const [row, ...rest] = key.slice(prefix.length).split('.');
      const i = Number(row);
      if (i === index) continue;
      values[`${prefix}${i > index ? i - 1 : i}.${rest.join('.')}`] = value;
    }
    return { values, rows: { ...s.rows, [path]: Math.max(1, (s.rows[path] ?? 1) - 1) } };
  };
}

function ChoiceField({ field, path, state, errors, update }: InputProps) {
  return (
    <SelectField
      label={fieldLabel(field)}
      value={state.values[path] ?? ''}
      error={errors[path]}
      onChange={(e) => update(setValue(path, e.target.value))}
    >
      {(field.choices ?? []).map((c) => (
        <option key={c} value={c}>
          {choiceLabel(c)}
        </option>
      ))}
    </SelectField>
  );
}

function Group({ legend, error, children }: { readonly legend: string; readonly error: string | undefined; readonly children: ReactNode }) {
  const id = useId();
  return (
    <fieldset
      className="m-0 mb-4 min-w-0 rounded-control border border-border px-3 pt-1 pb-3"
      aria-describedby={error === undefined ? undefined : id}
    >
      <legend className="px-1 font-semibold">{legend}</legend>
      {children}
      {error === undefined ? null : (
        <p className="m-0 text-sm text-danger" id={id}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Input(props: InputProps) {
  const { field, path, state, errors, update } = props;
  if (field.kind === 'choice') return <ChoiceField {...props} />;
  if (field.kind === 'object') {
    return (
      <Group legend={field.optional ? `${field.label} (optional)` : field.label} error={errors[path]}>
        {(field.fields ?? []).map((f) => (
          <Input key={f.name} {...props} field={f} path={`${path}.${f.name}`} />
        ))}
      </Group>
    );
  }
  if (field.kind === 'objects') {
    const count = state.rows[path] ?? 1;
    const one = field.label.replace(/s$/, '');
    return (
      <Group legend={field.label} error={errors[path]}>
        <ol className="m-0 mb-2 list-none p-0">
          {Array.from({ length: count }, (_, i) => (
            <li key={i}>
              <Group legend={`${one} ${i + 1}`} error={errors[`${path}.${i}`]}>
                <div className="flex flex-wrap gap-x-3 [&>div]:flex-[1_1_8rem]">
                  {(field.fields ?? []).map((f) => (
                    <Input key={f.name} {...props} field={f} path={`${path}.${i}.${f.name}`} />
                  ))}
                </div>
                {count > 1 ? (
                  <Button variant="secondary" size="sm" icon={Trash2} onClick={() => update(removeRow(path, i))}>
                    Remove {one.toLowerCase()} {i + 1}
                  </Button>
                ) : null}
              </Group>
            </li>
          ))}
        </ol>
        <Button variant="secondary" size="sm" icon={Plus} onClick={() => update((s) => ({ ...s, rows: { ...s.rows, [path]: count + 1 } }))}>
          Add a {one.toLowerCase()}
        </Button>
      </Group>
    );
  }
  return (
    <Field
      label={fieldLabel(field)}
      hint={fieldHint(field)}
      error={errors[path]}
      value={state.values[path] ?? ''}
      onChange={(e) => update(setValue(path, e.target.value))}
      inputMode={field.kind === 'number' && field.unit !== undefined ? 'decimal' : undefined}
      autoComplete="off"
      spellCheck={false}
    />
  );
}

/** Another section of the page that can take this section's figure as one of its inputs. */
export interface FigureUse {
  /** The other section's title. */
  readonly title: string;
  readonly use: (value: number) => void;
}

export interface CalculatorFormSectionProps {
  readonly form: CalculatorForm;
  /** The form's state, when the page holds it (to pass figures between sections); else the section keeps its own. */
  readonly state?: FormState;
  readonly update?: Update;
  /** Where this section's single figure can be used on the page ("Use 25p in the pound in …"). */
  readonly uses?: readonly FigureUse[];
}

export function CalculatorFormSection({ form, uses = [], ...held }: CalculatorFormSectionProps) {
  const headingId = useId();
  const [own, setOwn] = useState<FormState>(() => stateFrom(form, form.example.args));
  const state = held.state ?? own;
  const setState: Update = held.update ?? setOwn;
  const outcome = useMemo(() => run(form, state), [form, state]);
  const example = useMemo(() => exampleInWords(form), [form]);
  const errors = outcome.ok ? {} : outcome.errors;
  const formError = errors[''];
  const wide = form.function === 'nonRunnerImbalance';
  return (
    <Card as="section" aria-labelledby={headingId} className="mt-6 first:mt-0">
      <h2 id={headingId} className="m-0 mb-4 text-xl font-semibold">
        {form.title}
      </h2>
      {/* The Rule 4 comparison is a table: it gets the whole width, under the form. */}
      <div className={cx('grid grid-cols-1 items-start gap-4 lg:gap-6', !wide && 'lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]')}>
        <form
          className={cx('min-w-0', wide && 'grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-3')}
          noValidate
          onSubmit={(e) => e.preventDefault()}
        >
          {form.inputs.map((f) => (
            <Input key={f.name} field={f} path={f.name} state={state} errors={errors} update={setState} />
          ))}
        </form>
        <div
          className="min-w-0 rounded-card border border-border border-t-4 border-t-accent bg-surface p-4 lg:sticky lg:top-4"
          aria-live="polite"
        >
          <h3 className="m-0 mb-3 text-lg font-semibold">Results</h3>
          {formError === undefined ? null : <p className="mt-0 text-danger">{formError}</p>}
          {outcome.ok ? (
            wide ? (
              <NonRunnerComparison form={form} state={state} result={outcome.result} />
            ) : (
              <FactList data-testid={`results-${form.function}`}>
                {figures(form, outcome.result).map((f) => (
                  <FactRow key={f.key} term={f.label}>
                    {f.value}
                  </FactRow>
                ))}
              </FactList>
            )
          ) : null}
          {outcome.ok && typeof outcome.result === 'number' && uses.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {uses.map((u) => (
                <Button
                  key={u.title}
                  variant="secondary"
                  size="sm"
                  // The section's title can be long: the button wraps inside the results box instead of overflowing it.
                  className="text-left whitespace-normal!"
                  onClick={() => u.use(outcome.result as number)}
                >
                  Use {figures(form, outcome.result)[0]?.value} in “{u.title}”
                </Button>
              ))}
            </div>
          ) : null}
          {outcome.ok ? null : <p className="m-0 text-muted">Correct the fields marked in the form to see the results.</p>}
        </div>
      </div>
      <div className="mt-4 rounded-control bg-surface-muted p-4">
        <h3 className="m-0 mb-2 flex items-center gap-2 text-base font-semibold">
          <Lightbulb aria-hidden="true" focusable="false" size={18} className="text-accent" />
          Worked example
        </h3>
        <p className="mt-0">{form.example.note}</p>
        <p>
          Entered as {example.entered}. The calculator works out {example.result}.
        </p>
        <Button variant="secondary" size="sm" icon={RotateCcw} onClick={() => setState(() => stateFrom(form, form.example.args))}>
          Load this example <span className="visually-hidden">into “{form.title}”</span>
        </Button>
      </div>
    </Card>
  );
}
