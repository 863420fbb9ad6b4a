// The brand's mark and name. Each brand has its own mark, drawn here (fictional shapes, no real
// trademark), in the brand's accent; the name beside it is the catalogue's display name, as text.
import type { BrandId } from '@matchkit/sdk/brands';
import { cx } from './cx';

export interface LogoProps {
  /** The brand whose mark is drawn (the catalogue's `id`). */
  readonly brand: BrandId;
  /** The brand's display name, shown beside the mark. */
  readonly name: string;
  /** sm in dense places, md in the header (default), lg on a landing page's hero. */
  readonly size?: 'sm' | 'md' | 'lg' | undefined;
  readonly className?: string | undefined;
}

const PX = { sm: 24, md: 32, lg: 48 } as const;
/** The name's size; md (the header's) is a step smaller on a phone, so the header stays one row. */
const TEXT = { sm: 'text-base', md: 'text-lg sm:text-xl', lg: 'text-3xl' } as const;
const MARK = { sm: 'size-6', md: 'size-7 sm:size-8', lg: 'size-12' } as const;

/**
 * @example
 * <Link to={paths.home}><Logo brand={brand.id} name={brand.displayName} /></Link>
 */
export function Logo({ brand, name, size = 'md', className }: LogoProps) {
  return (
    <span className={cx('inline-flex items-center gap-2 font-bold tracking-tight text-text', TEXT[size], className)}>
      <LogoMark brand={brand} size={PX[size]} className={MARK[size]} />
      <span>{name}</span>
    </span>
  );
}

/** The mark alone, decorative (the name beside it says whose it is). */
export function LogoMark({
  brand,
  size = 32,
  className,
}: {
  readonly brand: BrandId;
  readonly size?: number;
  readonly className?: string;
}) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" className={cx('shrink-0', className)}>
      {brand === 'secondary' ? (
        // Steady back: a shield-like round square holding two stacked bars, a level and its support.
        <>
          <rect x="1" y="1" width="30" height="30" rx="15" className="fill-accent" />
          <path d="M9 12h14M11 17h10M13 22h6" className="stroke-on-accent" strokeWidth="3" strokeLinecap="round" fill="none" />
        </>
      ) : (
        // Bright lay: a rounded square with a rising line meeting a level one, back and lay matched.
        <>
          <rect x="1" y="1" width="30" height="30" rx="8" className="fill-accent" />
          <path
            d="M7 21l6-6 4 4 8-9"
            className="stroke-on-accent"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
            fill="none"
          />
          <circle cx="25" cy="10" r="2.2" className="fill-on-accent" />
        </>
      )}
    </svg>
  );
}
