// The brand's plans as cards, side by side: each plan's monthly price, its yearly price and what a
// year paid at once saves (the sdk's termPrice and yearlySaving at `at`, so a sale's yearly price
// shows while one is on), the features its `details` include and a link to its purchase page. The
// catalogue's `recommendedPlan` is highlighted and says so in words, not by colour alone. The plan a
// signed-in member holds says "Your plan" and leads to the account page instead of offering it
// again; a lower plan they may move down to leads there too (moving down happens at renewal, on the
// account page), never to a second purchase. Used by /pro and the landing page.
import { Check, CircleCheck, Star } from 'lucide-react';
import { useBrand } from '@matchkit/react';
import { termPrice, yearlySaving } from '@matchkit/sdk/billing';
import { paths } from '../../app/paths';
import { formatPence } from '../../components/money';
import { Badge, ButtonLink, Card, cx } from '../../components/ui';
import { planOffer, useMemberPlan } from './useMemberPlan';

export interface PlanCardsProps {
  /** The instant the prices are read at (epoch ms): a sale's yearly price applies while it is on. */
  readonly at: number;
  /** The plans' heading level: 2 on /pro, 3 under the landing page's "Plans" heading. */
  readonly headingLevel?: 2 | 3;
}

export function PlanCards({ at, headingLevel = 2 }: PlanCardsProps) {
  const brand = useBrand();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const held = useMemberPlan();
  return (
    <ul className="m-0 grid list-none gap-x-4 gap-y-6 p-0 pt-3 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(13rem,1fr))]">
      {brand.plans.map((plan) => {
        const recommended = plan.name === brand.recommendedPlan;
        const yearly = termPrice(brand, plan.name, { term: 'year', at });
        const saving = yearlySaving(brand, plan.name, at);
        const features = brand.features.filter((f) => plan.details[f.key] === true);
        const badgeId = `plan-${plan.name}-recommended`;
        const heldId = `plan-${plan.name}-held`;
        const offer = planOffer(brand, held, plan.name);
        const own = offer === 'own';
        const describedBy = [recommended ? badgeId : '', own ? heldId : ''].filter((id) => id !== '').join(' ');
        return (
          <Card
            as="li"
            key={plan.name}
            tone={recommended || own ? 'highlighted' : 'default'}
            aria-describedby={describedBy === '' ? undefined : describedBy}
            className={cx('relative flex flex-col gap-3', recommended || own ? 'shadow-raised' : '')}
          >
            {recommended || own ? (
              <p className="absolute -top-3 left-4 m-0 flex gap-2">
                {own ? (
                  <Badge id={heldId} tone="success" icon={CircleCheck} className="shadow-card">
                    Your plan
                  </Badge>
                ) : null}
                {recommended ? (
                  <Badge id={badgeId} tone="accent" icon={Star} className="shadow-card">
                    Recommended
                  </Badge>
                ) : null}
              </p>
            ) : null}
            <Heading className="m-0 text-xl font-bold">{plan.label}</Heading>
            <p className="m-0 whitespace-nowrap">
              <span className="text-2xl font-bold">{formatPence(plan.price.monthly)}</span>
              <span className="text-muted"> a month</span>
            </p>
            <p className="m-0 text-sm">
              {yearly === plan.price.yearly ? (
                <span>{formatPence(plan.price.yearly)} a year</span>
              ) : (
                <>
                  <s>{formatPence(plan.price.yearly)} a year</s> <strong>{formatPence(yearly)} a year in the sale</strong>
                </>
              )}
              {saving > 0 ? (
                <>
                  {' '}
                  <strong className="text-success">(save {formatPence(saving)} on paying monthly)</strong>
                </>
              ) : null}
            </p>
            {own ? (
              <ButtonLink variant="secondary" to={paths.account}>
                Manage your plan
              </ButtonLink>
            ) : offer === 'move-down' ? (
              <ButtonLink variant="secondary" to={paths.account}>
                Move down to {plan.label}
              </ButtonLink>
            ) : (
              <ButtonLink variant={recommended ? 'primary' : 'secondary'} to={paths.subscribe(plan.name)}>
                Choose {plan.label}
              </ButtonLink>
            )}
            <ul className="m-0 flex list-none flex-col gap-1 p-0 text-sm" aria-label={`${plan.label} includes`}>
              {features.map((f) => (
                <li key={f.key} className="flex items-start gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                  {f.label}
                </li>
              ))}
            </ul>
          </Card>
        );
      })}
    </ul>
  );
}
