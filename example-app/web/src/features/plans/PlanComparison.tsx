// The brand's plans side by side: a real table (caption, column and row headers) of the feature
// matrix from the catalogue (brand.features × plan.details) and each plan's prices. On a narrow
// screen the table scrolls inside its own focusable region (the ui Table), never the page.
import { useBrand } from '@matchkit/react';
import type { Pence } from '@matchkit/sdk/model';
import { paths } from '../../app/paths';
import { formatPence } from '../../components/money';
import { ButtonLink, Table, Td, Th } from '../../components/ui';
import { planOffer, useMemberPlan } from './useMemberPlan';

export interface PlanComparisonProps {
  /** The table's caption. */
  readonly caption?: string;
  /** Sale prices of a year by plan name (an active sale), shown as their own row. */
  readonly salePrices?: Readonly<Record<string, Pence>>;
  /**
   * Where each plan's "Choose" link goes (default: its purchase page; the member's own plan says
   * "Your plan" instead, and a plan they may move down to leads to the account page). Null: no links.
   */
  readonly choosePath?: ((plan: string) => string) | null;
}

export function PlanComparison({ caption = 'Compare the plans', salePrices, choosePath }: PlanComparisonProps) {
  const brand = useBrand();
  const plans = brand.plans;
  const linkTo = choosePath === undefined ? (plan: string) => paths.subscribe(plan) : choosePath;
  const held = useMemberPlan();
  return (
    <Table caption={caption} className="my-6" tableClassName="min-w-xl">
      <thead>
        <tr>
          <Th>Feature</Th>
          {plans.map((p) => (
            <Th key={p.name}>{p.label}</Th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <Th scope="row">Monthly price</Th>
          {plans.map((p) => (
            <Td key={p.name}>{formatPence(p.price.monthly)}</Td>
          ))}
        </tr>
        <tr>
          <Th scope="row">First month</Th>
          {plans.map((p) => (
            <Td key={p.name}>{formatPence(p.price.firstMonth)}</Td>
          ))}
        </tr>
        <tr>
          <Th scope="row">Yearly price</Th>
          {plans.map((p) => (
            <Td key={p.name}>{salePrices?.[p.name] === undefined ? formatPence(p.price.yearly) : <s>{formatPence(p.price.yearly)}</s>}</Td>
          ))}
        </tr>
        {salePrices === undefined ? null : (
          <tr>
            <Th scope="row">Sale price for a year</Th>
            {plans.map((p) => {
              const sale = salePrices[p.name];
              return (
                <Td key={p.name} className="font-bold">
                  {sale === undefined ? 'Not in the sale' : formatPence(sale)}
                </Td>
              );
            })}
          </tr>
        )}
        {brand.features.map((f) => (
          <tr key={f.key}>
            <Th scope="row">{f.label}</Th>
            {plans.map((p) => (
              <Td key={p.name}>{p.details[f.key] === true ? <Included /> : <NotIncluded />}</Td>
            ))}
          </tr>
        ))}
      </tbody>
      {linkTo === null ? null : (
        <tfoot>
          <tr>
            <Td />
            {plans.map((p) => (
              <Td key={p.name}>
                {planOffer(brand, held, p.name) === 'own' ? (
                  <strong>
                    Your plan<span className="visually-hidden">: {p.label}</span>
                  </strong>
                ) : planOffer(brand, held, p.name) === 'move-down' ? (
                  <ButtonLink size="sm" variant="secondary" to={paths.account}>
                    Move down <span className="visually-hidden">to {p.label}</span>
                  </ButtonLink>
                ) : (
                  <ButtonLink size="sm" variant="secondary" to={linkTo(p.name)}>
                    Choose <span className="visually-hidden">{p.label}</span>
                  </ButtonLink>
                )}
              </Td>
            ))}
          </tr>
        </tfoot>
      )}
    </Table>
  );
}

function Included() {
  return (
    <span className="text-success">
      <span aria-hidden="true">✓ </span>Included
    </span>
  );
}

function NotIncluded() {
  return (
    <span className="text-muted">
      <span aria-hidden="true">– </span>Not included
    </span>
  );
}
