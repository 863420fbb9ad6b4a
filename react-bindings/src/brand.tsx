import { createContext, useContext, useMemo, type ReactElement, type ReactNode } from 'react';
import { resolveBrand, type Brand, type BrandRef } from '@matchkit/sdk/brands';

const BrandContext = /* @__PURE__ */ createContext<Brand | null>(null);

/**
 * The props of {@link BrandProvider}.
 *
 * @example
 * ```tsx
 * import type { BrandProviderProps } from '@matchkit/react';
 * const props: BrandProviderProps = { brand: 'secondary', children: null };
 * ```
 */
export interface BrandProviderProps {
  /**
   * The brand whose catalogue the subtree sees: a brand id (`'primary'` or `'secondary'`, the
   * reference catalogues) or a catalogue from `getBrand` or `defineBrand`.
   *
   * @example
   * ```tsx
   * <BrandProvider brand="primary">...</BrandProvider>
   * ```
   */
  readonly brand: BrandRef;
  /**
   * The subtree that reads the brand with {@link useBrand} and the entitlement and sale hooks.
   *
   * @example
   * ```tsx
   * <BrandProvider brand="primary"><Plans /></BrandProvider>
   * ```
   */
  readonly children?: ReactNode;
}

/**
 * Provides a brand's catalogue to its subtree. The brand is resolved once per `brand` value
 * (with the sdk's `resolveBrand`, which throws on an unknown id or on an object that did not come
from `getBrand` or `defineBrand`), so switching brands is a matter
 * of rendering the provider with another `brand`. Nothing is global: two providers with two
 * brands can sit side by side.
 *
 * @param props - the brand and the subtree, see {@link BrandProviderProps}
 * @returns the provider element
 *
 * @example
 * ```tsx
 * import { BrandProvider } from '@matchkit/react';
 * declare function App(): React.JSX.Element;
 *
 * export function Root() {
 *   return (
 *     <BrandProvider brand="primary">
 *       <App />
 *     </BrandProvider>
 *   );
 * }
 * ```
 */
export function BrandProvider(props: BrandProviderProps): ReactElement {
  const { brand, children } = props;
  const resolved = useMemo(() => resolveBrand(brand), [brand]);
  return <BrandContext.Provider value={resolved}>{children}</BrandContext.Provider>;
}

/**
 * The catalogue of the nearest {@link BrandProvider}: plans, prices, tools, quick links, sales
 * and every constant of the brand.
 *
 * @returns the brand's catalogue (deeply frozen)
 * @throws Error when no `BrandProvider` is above the calling component
 *
 * @example
 * ```tsx
 * import { useBrand } from '@matchkit/react';
 *
 * function Title() {
 *   const brand = useBrand();
 *   return <h1>{brand.displayName}</h1>;
 * }
 * ```
 */
export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (brand === null) {
    throw new Error(
      'useBrand() was called outside a <BrandProvider>: wrap the component tree in ' +
        '<BrandProvider brand="primary"> (or "secondary", or a catalogue) from @matchkit/react.',
    );
  }
  return brand;
}
