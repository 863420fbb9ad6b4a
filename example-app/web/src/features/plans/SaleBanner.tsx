// A sale's banner image from its creatives (src, alt, width, height in the catalogue): the widest
// on wide screens, the narrowest on phones.
import type { Sale } from '@matchkit/sdk/model';

export function SaleBanner({ sale }: { readonly sale: Sale }) {
  const byWidth = [...sale.creatives].sort((a, b) => b.width - a.width);
  const wide = byWidth[0];
  const narrow = byWidth[byWidth.length - 1];
  if (wide === undefined || narrow === undefined) return null;
  return (
    <picture>
      {wide === narrow ? null : <source media="(min-width: 720px)" srcSet={wide.src} width={wide.width} height={wide.height} />}
      <img className="block h-auto w-full rounded-control" src={narrow.src} alt={narrow.alt} width={narrow.width} height={narrow.height} />
    </picture>
  );
}
