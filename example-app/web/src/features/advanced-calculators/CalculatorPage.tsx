// /advanced-calculators/:slug: one calculator of the sdk registry, a form per function (see
// CalculatorFormSection), inside the gate of the catalogue feature `calculators`. A slug the
// brand's index does not have gets a not-found page listing every calculator.
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useBrand } from '@matchkit/react';
import { findCalculator, type CalculatorForm } from '@matchkit/sdk/calculators/registry';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { ToolGate } from '../tools';
import { CalculatorList } from './AdvancedCalculatorsPage';
import { CalculatorFormSection, type FigureUse } from './CalculatorFormSection';
import { CalculatorsAbout } from './CalculatorsAbout';
import { stateFrom, stateFromAddress, toText, type FormState } from './form';

/**
 * The page's forms, their state held here so that one section's figure can fill another's input:
 * a form whose result is one number offers it to every other form with a top-level number input of
 * the same label and unit (on the Rule 4 page, the deduction worked out from the withdrawn horses'
 * odds goes into the comparison with the reduction factor; on the odds converter, decimal odds
 * worked out from a fraction go into the conversions from decimal odds).
 */
function CalculatorSections({ forms }: { readonly forms: readonly CalculatorForm[] }) {
  // A link from a finder row (`?fn=eachWay&backStake=10.00&…`) fills the form it names; the others show their worked example.
  const [params] = useSearchParams();
  const [states, setStates] = useState<readonly FormState[]>(() =>
    forms.map((f) => stateFromAddress(f, params) ?? stateFrom(f, f.example.args)),
  );
  const updater = (i: number) => (change: (s: FormState) => FormState) => setStates((all) => all.map((s, j) => (j === i ? change(s) : s)));
  return forms.map((form, i) => {
    const result = form.results.length === 1 ? form.results[0] : undefined;
    const uses: FigureUse[] =
      result === undefined || result.name !== '' || result.unit === undefined || result.item !== undefined
        ? []
        : forms.flatMap((other, j) => {
            const input =
              j === i ? undefined : other.inputs.find((f) => f.kind === 'number' && f.unit === result.unit && f.label === result.label);
            return input === undefined
              ? []
              : [
                  {
                    title: other.title,
                    use: (value: number) => updater(j)((s) => ({ ...s, values: { ...s.values, [input.name]: toText(value, input.unit) } })),
                  },
                ];
          });
    const state = states[i];
    return state === undefined ? null : (
      <CalculatorFormSection key={form.function} form={form} state={state} update={updater(i)} uses={uses} />
    );
  });
}

export function CalculatorPage() {
  const { slug = '' } = useParams();
  const brand = useBrand();
  const listed = brand.calculators.find((c) => c.slug === slug);
  const entry = listed === undefined ? undefined : findCalculator(slug);
  if (listed === undefined || entry === undefined) {
    return (
      <Page title="Calculator not found" lead={<>There is no calculator called “{slug}”. These are the calculators there are:</>}>
        <CalculatorList />
        <p className="mt-6">
          <Link to={paths.advancedCalculators}>All advanced calculators</Link> · <Link to={paths.calculator}>The standard calculator</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={listed.title} lead={entry.description}>
      <ToolGate feature="calculators" name="Advanced calculators" about={<CalculatorsAbout />}>
        <CalculatorSections key={slug} forms={entry.forms} />
        <p className="mt-6 text-sm text-muted">
          Figures are rounded for display only; the calculations use exact amounts.{' '}
          <Link to={paths.advancedCalculators}>All advanced calculators</Link>
        </p>
      </ToolGate>
    </Page>
  );
}
