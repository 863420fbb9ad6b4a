// The brand's plans side by side: a real table (caption, column and row headers) of the feature
// matrix from the catalogue (brand.features × plan.details) and each plan's prices. On a narrow
// screen the table scrolls inside its own focusable region, never the page.
import { useId } from 'react';
import { useBrand } from '@matchkit/react';
import type { Pence } from '@matchkit/sdk/model';
import { paths } from '../../app/paths';
import { formatPence } from '../../components/money';
import { ButtonLink } from '../../components/ui';
import './plans.css';

export interface PlanComparisonProps {
  /** The table's caption. */
  readonly caption?: string;
  /** Sale prices of a year by plan name (an active sale), shown as their own row. */
  readonly salePrices?: Readonly<Record<string, Pence>>;
  /** Where each plan's "Choose" link goes (default: its purchase page). Null: no links. */
  readonly choosePath?: ((plan: string) => string) | null;
}

export function PlanComparison({ caption = 'Compare the plans', salePrices, choosePath }: PlanComparisonProps) {
  const brand = useBrand();
  const captionId = useId();
  const plans = brand.plans;
  const linkTo = choosePath === undefined ? (plan: string) => paths.subscribe(plan) : choosePath;
  return (
    <div className="plan-comparison overflow-x-auto" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            {plans.map((p) => (
              <th scope="col" key={p.name}>
                {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Monthly price</th>
            {plans.map((p) => (
              <td key={p.name}>{formatPence(p.price.monthly)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">First month</th>
            {plans.map((p) => (
              <td key={p.name}>{formatPence(p.price.firstMonth)}</td>
            ))}
          </tr>
          <tr>
            <th scope="row">Yearly price</th>
            {plans.map((p) => (
              <td key={p.name}>
                {salePrices?.[p.name] === undefined ? formatPence(p.price.yearly) : <s>{formatPence(p.price.yearly)}</s>}
              </td>
            ))}
          </tr>
          {salePrices === undefined ? null : (
            <tr className="sale-row">
              <th scope="row">Sale price for a year</th>
              {plans.map((p) => {
                const sale = salePrices[p.name];
                return <td key={p.name}>{sale === undefined ? 'Not in the sale' : formatPence(sale)}</td>;
              })}
            </tr>
          )}
          {brand.features.map((f) => (
            <tr key={f.key}>
              <th scope="row">{f.label}</th>
              {plans.map((p) => (
                <td key={p.name}>{p.details[f.key] === true ? <Included /> : <NotIncluded />}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {linkTo === null ? null : (
          <tfoot>
            <tr>
              <td />
              {plans.map((p) => (
                <td key={p.name}>
                  <ButtonLink size="sm" variant="secondary" to={linkTo(p.name)}>
                    Choose<span className="visually-hidden"> {p.label}</span>
                  </ButtonLink>
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

function Included() {
  return (
    <span className="included">
      <span aria-hidden="true">✓ </span>Included
    </span>
  );
}

function NotIncluded() {
  return (
    <span className="not-included">
      <span aria-hidden="true">– </span>Not included
    </span>
  );
}
