// The trust reviews block of a sale page: the review counts from the brand's catalogue
// (brand.trustReviewCounts). No review company is named.
import { Star } from 'lucide-react';
import { useBrand } from '@matchkit/react';
import { Card } from '../../components/ui';

const count = new Intl.NumberFormat('en-GB');
const WHERE = ['on an independent review site', 'on a second review site'];

export function TrustReviews() {
  const brand = useBrand();
  return (
    <section className="trust-reviews" aria-labelledby="trust-reviews-heading">
      <h2 id="trust-reviews-heading" className="text-2xl font-bold">
        Reviews from members
      </h2>
      <ul className="m-0 flex list-none flex-wrap gap-4 p-0">
        {brand.trustReviewCounts.map((n, i) => (
          <Card as="li" key={i} className="flex min-w-56 flex-1 items-center gap-3">
            <Star aria-hidden="true" className="size-6 shrink-0 text-accent" />
            <span>
              <strong className="block text-3xl font-bold">{count.format(n)}</strong> reviews {WHERE[i] ?? 'on another review site'}
            </span>
          </Card>
        ))}
      </ul>
    </section>
  );
}
