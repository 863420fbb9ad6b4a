// /advanced-calculators/:slug: one calculator of the sdk registry, a form per function (see
// CalculatorFormSection), inside the gate of the catalogue feature `calculators`. A slug the
// brand's index does not have gets a not-found page listing every calculator.
import { Link, useParams } from 'react-router';
import { useBrand } from '@matchkit/react';
import { findCalculator } from '@matchkit/sdk/calculators';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { ToolGate } from '../tools/ToolGate';
import { CalculatorList } from './AdvancedCalculatorsPage';
import { CalculatorFormSection } from './CalculatorFormSection';
import { CalculatorsAbout } from './CalculatorsAbout';
import './advanced-calculators.css';

export function CalculatorPage() {
  const { slug = '' } = useParams();
  const brand = useBrand();
  const listed = brand.calculators.find((c) => c.slug === slug);
  const entry = listed === undefined ? undefined : findCalculator(slug);
  if (listed === undefined || entry === undefined) {
    return (
      <Page title="Calculator not found" lead={<>There is no calculator called “{slug}”. These are the calculators there are:</>}>
        <CalculatorList />
        <p>
          <Link to={paths.advancedCalculators}>All advanced calculators</Link> · <Link to={paths.calculator}>The standard calculator</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={listed.title} lead={entry.description} className="calc-page">
      <ToolGate feature="calculators" name="Advanced calculators" about={<CalculatorsAbout />}>
        {entry.forms.map((form) => (
          <CalculatorFormSection key={`${slug}:${form.function}`} form={form} />
        ))}
        <p className="calc-footnote">
          Figures are rounded for display only; the calculations use exact amounts. <Link to={paths.advancedCalculators}>All advanced calculators</Link>
        </p>
      </ToolGate>
    </Page>
  );
}
