// What members say, from the brand's catalogue (fictional members in the reference catalogues).
// Quotes describe what members did and found useful; none states or promises an amount.
import { Quote } from 'lucide-react';
import { useBrand } from '@matchkit/react';
import { Card } from '../../components/ui';

export function Testimonials({ headingLevel = 2 }: { readonly headingLevel?: 2 | 3 }) {
  const brand = useBrand();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="testimonials" aria-labelledby="testimonials-heading">
      <Heading id="testimonials-heading" className="text-2xl font-bold">
        What members say
      </Heading>
      <ul className="m-0 grid list-none gap-4 p-0 md:grid-cols-3">
        {brand.testimonials.map((t) => (
          <Card as="li" key={t.id}>
            <figure className="m-0 flex h-full flex-col gap-3">
              <Quote aria-hidden="true" className="size-6 text-accent" />
              <blockquote className="m-0 flex-1 text-lg">
                <p className="m-0">{t.quote}</p>
              </blockquote>
              <figcaption className="text-sm text-muted">
                <strong className="text-text">{t.name}</strong>, member since {t.memberSince}
              </figcaption>
            </figure>
          </Card>
        ))}
      </ul>
      <p className="m-0 text-sm text-muted">
        Members&apos; experiences differ. What you get out of matched betting depends on the offers available, your time and your stakes.
      </p>
    </section>
  );
}
