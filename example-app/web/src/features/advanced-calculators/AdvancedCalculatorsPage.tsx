// /advanced-calculators: every calculator of the brand's index (its catalogue's `calculators`),
// each described by the sdk registry, inside the gate of the catalogue feature `calculators`.
import { Link } from 'react-router';
import { useBrand } from '@matchkit/react';
import { findCalculator } from '@matchkit/sdk/calculators/registry';
import { paths } from '../../app/paths';
import { Sigma } from 'lucide-react';
import { Page } from '../../components/Page';
import { Card, CardGrid } from '../../components/ui';
import { ToolGate } from '../tools';
import { CalculatorsAbout } from './CalculatorsAbout';

/** The brand's calculators, in its index's order, each with the registry's description. */
export function useCalculatorIndex() {
  const brand = useBrand();
  return brand.calculators.map((c) => ({ slug: c.slug, title: c.title, description: findCalculator(c.slug)?.description ?? '' }));
}

export function CalculatorList() {
  const calculators = useCalculatorIndex();
  return (
    <CardGrid>
      {calculators.map((c) => (
        <Card as="li" key={c.slug} tone="compact" className="flex flex-col gap-1">
          <h2 className="m-0 flex items-center gap-2 text-base font-semibold">
            <Sigma aria-hidden="true" focusable="false" size={18} className="shrink-0 text-accent" />
            <Link to={paths.advancedCalculator(c.slug)}>{c.title}</Link>
          </h2>
          <p className="m-0 text-sm text-muted">{c.description}</p>
        </Card>
      ))}
    </CardGrid>
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
        <p className="mt-6">
          For a single back and lay bet, use the <Link to={paths.calculator}>standard calculator</Link>.
        </p>
      </ToolGate>
    </Page>
  );
}
