// The trust reviews block of a sale page: the review counts from the brand's catalogue
// (brand.trustReviewCounts). No review company is named.
import { useBrand } from '@matchkit/react';
import './plans.css';

const count = new Intl.NumberFormat('en-GB');
const WHERE = ['on an independent review site', 'on a second review site'];

export function TrustReviews() {
  const brand = useBrand();
  return (
    <section className="trust-reviews" aria-labelledby="trust-reviews-heading">
      <h2 id="trust-reviews-heading">Reviews from members</h2>
      <ul className="trust-list">
        {brand.trustReviewCounts.map((n, i) => (
          <li key={i} className="card">
            <strong className="trust-count">{count.format(n)}</strong> reviews {WHERE[i] ?? 'on another review site'}
          </li>
        ))}
      </ul>
    </section>
  );
}
