// What the advanced calculators are, for a member whose plan does not include them yet.
import { useBrand } from '@matchkit/react';

export function CalculatorsAbout() {
  const brand = useBrand();
  return (
    <>
      <p>
        The advanced calculators work out stakes and outcomes for each kind of offer, with a worked example on every page. Figures are
        estimates of stakes and outcomes, not a promise of profit.
      </p>
      <ul>
        {brand.calculators.map((c) => (
          <li key={c.slug}>{c.title}</li>
        ))}
      </ul>
    </>
  );
}
