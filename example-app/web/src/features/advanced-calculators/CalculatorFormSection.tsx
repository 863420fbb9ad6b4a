// One function of a calculator page: a form built from the sdk registry's description of its
// inputs, its figures recomputed by the sdk as the member types, and the registry's worked example
// (computed by the sdk, told in words, and loadable into the form).
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { CalculatorForm, CalculatorInputField } from '@matchkit/sdk/calculators/registry';
import { Field, SelectField } from '../../components/Field';
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
    <fieldset className="calc-group" aria-describedby={error === undefined ? undefined : id}>
      <legend>{legend}</legend>
      {children}
      {error === undefined ? null : (
        <p className="field-error" id={id}>
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
        <ol className="calc-rows">
          {Array.from({ length: count }, (_, i) => (
            <li key={i}>
              <Group legend={`${one} ${i + 1}`} error={errors[`${path}.${i}`]}>
                <div className="calc-row">
                  {(field.fields ?? []).map((f) => (
                    <Input key={f.name} {...props} field={f} path={`${path}.${i}.${f.name}`} />
                  ))}
                </div>
                {count > 1 ? (
                  <button type="button" className="secondary" onClick={() => update(removeRow(path, i))}>
                    Remove {one.toLowerCase()} {i + 1}
                  </button>
                ) : null}
              </Group>
            </li>
          ))}
        </ol>
        <button type="button" className="secondary" onClick={() => update((s) => ({ ...s, rows: { ...s.rows, [path]: count + 1 } }))}>
          Add a {one.toLowerCase()}
        </button>
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
    <section className="calc-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{form.title}</h2>
      {/* The Rule 4 comparison is a table: it gets the whole width, under the form. */}
      <div className={wide ? 'calc-layout calc-layout-wide' : 'calc-layout'}>
        <form className={wide ? 'calc-form calc-form-grid' : 'calc-form'} noValidate onSubmit={(e) => e.preventDefault()}>
          {form.inputs.map((f) => (
            <Input key={f.name} field={f} path={f.name} state={state} errors={errors} update={setState} />
          ))}
        </form>
        <div className="calc-results" aria-live="polite">
          <h3>Results</h3>
          {formError === undefined ? null : <p className="field-error">{formError}</p>}
          {outcome.ok ? (
            wide ? (
              <NonRunnerComparison form={form} state={state} result={outcome.result} />
            ) : (
              <dl className="facts" data-testid={`results-${form.function}`}>
                {figures(form, outcome.result).map((f) => (
                  <div key={f.key}>
                    <dt>{f.label}</dt>
                    <dd>{f.value}</dd>
                  </div>
                ))}
              </dl>
            )
          ) : null}
          {outcome.ok && typeof outcome.result === 'number' && uses.length > 0 ? (
            <div className="actions">
              {uses.map((u) => (
                <button key={u.title} type="button" className="secondary" onClick={() => u.use(outcome.result as number)}>
                  Use {figures(form, outcome.result)[0]?.value} in “{u.title}”
                </button>
              ))}
            </div>
          ) : null}
          {outcome.ok ? null : <p>Correct the fields marked in the form to see the results.</p>}
        </div>
      </div>
      <div className="calc-example">
        <h3>Worked example</h3>
        <p>{form.example.note}</p>
        <p>
          Entered as {example.entered}. The calculator works out {example.result}.
        </p>
        <button type="button" className="secondary" onClick={() => setState(() => stateFrom(form, form.example.args))}>
          Load this example <span className="visually-hidden">into “{form.title}”</span>
        </button>
      </div>
    </section>
  );
}
