// A card: a surface with a border, a radius and a resting shadow, for one thing on a page (a plan,
// a tool, a summary). Give it a title to make it a titled section with its own heading.
import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The element: div by default; section or article for a titled part of the page; li inside a CardGrid. */
  readonly as?: 'div' | 'section' | 'article' | 'li' | undefined;
  /** A heading at the top of the card. */
  readonly title?: ReactNode;
  /** The heading's level (2 by default). */
  readonly headingLevel?: 2 | 3 | 4 | undefined;
  /** Buttons or links at the heading's right. */
  readonly actions?: ReactNode;
  /** compact: less padding, for dense tool pages; highlighted: an accent border (the recommended plan). */
  readonly tone?: 'default' | 'compact' | 'highlighted' | undefined;
  readonly ref?: Ref<HTMLElement> | undefined;
}

/**
 * @example
 * <Card as="section" title="This month" actions={<ButtonLink to={paths.tracker} variant="ghost">Open the tracker</ButtonLink>}>
 *   <p>£120.50 profit</p>
 * </Card>
 */
export function Card({ as: As = 'div', title, headingLevel = 2, actions, tone = 'default', className, children, ref, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <As
      ref={ref as Ref<HTMLDivElement & HTMLLIElement>}
      className={cx(
        'min-w-0 rounded-card border bg-surface text-text shadow-card',
        tone === 'compact' ? 'p-3' : 'p-4 sm:p-5',
        tone === 'highlighted' ? 'border-2 border-accent' : 'border-border',
        className,
      )}
      {...rest}
    >
      {title === undefined && actions === undefined ? null : (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title === undefined ? null : <Heading className="m-0 text-lg font-semibold">{title}</Heading>}
          {actions === undefined ? null : <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </As>
  );
}

/**
 * A responsive grid of cards (a list: give its children `<Card as="li">`).
 *
 * @example
 * <CardGrid>{tools.map((t) => <Card as="li" key={t.id} title={t.name} headingLevel={3}>{t.blurb}</Card>)}</CardGrid>
 */
export function CardGrid({ className, children, ...rest }: HTMLAttributes<HTMLUListElement>) {
  return (
    <ul className={cx('m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(min(100%,16rem),1fr))] gap-4 p-0', className)} {...rest}>
      {children}
    </ul>
  );
}
