// What members say, from the brand's catalogue (fictional members in the reference catalogues).
// Quotes describe what members did and found useful; none states or promises an amount.
import { useBrand } from '@matchkit/react';
import './plans.css';

export function Testimonials({ headingLevel = 2 }: { readonly headingLevel?: 2 | 3 }) {
  const brand = useBrand();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="testimonials" aria-labelledby="testimonials-heading">
      <Heading id="testimonials-heading">What members say</Heading>
      <ul className="card-grid">
        {brand.testimonials.map((t) => (
          <li key={t.id} className="card">
            <figure>
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <figcaption>
                {t.name}, member since {t.memberSince}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="hint">
        Members&apos; experiences differ. What you get out of matched betting depends on the offers available, your time and your stakes.
      </p>
    </section>
  );
}
