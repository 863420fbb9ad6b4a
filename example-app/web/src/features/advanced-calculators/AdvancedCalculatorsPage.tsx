// /advanced-calculators: every calculator of the brand's index (its catalogue's `calculators`),
// each described by the sdk registry, inside the gate of the catalogue feature `calculators`.
import { Link } from 'react-router';
import { useBrand } from '@matchkit/react';
import { findCalculator } from '@matchkit/sdk/calculators/registry';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { ToolGate } from '../tools';
import { CalculatorsAbout } from './CalculatorsAbout';
import './advanced-calculators.css';

/** The brand's calculators, in its index's order, each with the registry's description. */
export function useCalculatorIndex() {
  const brand = useBrand();
  return brand.calculators.map((c) => ({ slug: c.slug, title: c.title, description: findCalculator(c.slug)?.description ?? '' }));
}

export function CalculatorList() {
  const calculators = useCalculatorIndex();
  return (
    <ul className="card-grid calc-index">
      {calculators.map((c) => (
        <li key={c.slug} className="card">
          <h2>
            <Link to={paths.advancedCalculator(c.slug)}>{c.title}</Link>
          </h2>
          <p>{c.description}</p>
        </li>
      ))}
    </ul>
  );
}

export function AdvancedCalculatorsPage() {
  return (
    <Page
      title="Advanced calculators"
      lead="Calculators for each kind of offer, each with a worked example. They run in your browser and update as you type."
    >
      <ToolGate feature="calculators" name="Advanced calculators" about={<CalculatorsAbout />}>
        <CalculatorList />
        <p>
          For a single back and lay bet, use the <Link to={paths.calculator}>standard calculator</Link>.
        </p>
      </ToolGate>
    </Page>
  );
}
