// The element's types for the page's TypeScript: its attributes, its event, the tag in
// `document.querySelector` and in React 19's JSX. Only types: nothing here runs. The React part
// names no React type (the props are written out), so a project without React reads it too.
import type { MatchkitCalculatorElement, MatchkitResultDetail } from './element';

/**
 * The `matchkit-result` event: bubbling and composed, sent for each new valid result, its `detail`
 * the {@link MatchkitResultDetail}.
 *
 * @example
 * ```ts dom
 * import type { MatchkitResultEvent } from '@matchkit/sdk/element';
 * const onResult = (event: MatchkitResultEvent) => console.warn(event.detail.result.layStake);
 * document.addEventListener('matchkit-result', onResult);
 * ```
 */
export type MatchkitResultEvent = CustomEvent<MatchkitResultDetail>;

/**
 * The attributes `<matchkit-calculator>` reads (and watches): `bet-type`, `strategy`,
 * `commission` (a fraction, as the sdk takes it: `0.02` for 2%), `back-stake` (pounds),
 * `back-odds` and `lay-odds` (decimal odds). Numbers may be given as numbers in JSX; they reach
 * the element as text.
 *
 * @example
 * ```ts
 * import type { MatchkitCalculatorAttributes } from '@matchkit/sdk/element';
 * const freeBet: MatchkitCalculatorAttributes = { 'bet-type': 'snr', commission: '0.02', 'back-stake': 20 };
 * ```
 */
export interface MatchkitCalculatorAttributes {
  /** The bet: a qualifying bet, a free bet whose stake is not returned (`snr`) or is (`sr`), or a refund if it loses. */
  readonly 'bet-type'?: 'qualifying' | 'snr' | 'sr' | 'refund' | undefined;
  /** How much to lay: the balanced stake, less (`underlay`) or more (`overlay`). */
  readonly strategy?: 'normal' | 'underlay' | 'overlay' | undefined;
  /** The exchange's commission as a fraction (`0.02` for 2%). */
  readonly commission?: string | number | undefined;
  /** The back stake, or the free bet's amount, in pounds. */
  readonly 'back-stake'?: string | number | undefined;
  /** The bookmaker's decimal odds. */
  readonly 'back-odds'?: string | number | undefined;
  /** The exchange's decimal lay odds. */
  readonly 'lay-odds'?: string | number | undefined;
}

/**
 * The props of `<matchkit-calculator>` in React 19's JSX: its attributes, its `matchkit-result`
 * event as `onmatchkit-result` (React 19 adds a listener for an `on…` prop of a custom element),
 * a `ref` to the element, and the common attributes of any element. The sdk declares them on
 * React's `JSX.IntrinsicElements` for you.
 *
 * @example
 * ```ts
 * import type { MatchkitCalculatorProps } from '@matchkit/sdk/element';
 * const props: MatchkitCalculatorProps = {
 *   'bet-type': 'snr',
 *   commission: 0.02,
 *   'onmatchkit-result': (event) => console.warn(event.detail.result.layStake),
 * };
 * ```
 */
export interface MatchkitCalculatorProps extends MatchkitCalculatorAttributes {
  /** Called with each `matchkit-result` event. */
  readonly 'onmatchkit-result'?: ((event: MatchkitResultEvent) => void) | undefined;
  /** The element, for its `result` property (`useRef<MatchkitCalculatorElement>(null)` or a callback). */
  readonly ref?: { current: HTMLElement | null } | ((element: MatchkitCalculatorElement | null) => void) | null | undefined;
  /** The element's id. */
  readonly id?: string | undefined;
  /** Its classes (`className` in React). */
  readonly className?: string | undefined;
  /** Its inline style: the `--matchkit-*` custom properties theme it. */
  readonly style?: object | undefined;
  /** Hides it. */
  readonly hidden?: boolean | undefined;
  /** Its slot in a parent's shadow root. */
  readonly slot?: string | undefined;
  /** Its language. */
  readonly lang?: string | undefined;
  /** Its title (a tooltip). */
  readonly title?: string | undefined;
  /** `data-*` attributes. */
  readonly [data: `data-${string}`]: string | number | boolean | undefined;
  /** `aria-*` attributes. */
  readonly [aria: `aria-${string}`]: string | number | boolean | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    /** `<matchkit-calculator>` once `defineMatchkitCalculator()` has run. */
    'matchkit-calculator': MatchkitCalculatorElement;
  }
  interface HTMLElementEventMap {
    /** Sent by `<matchkit-calculator>` for each new valid result; it bubbles, so any ancestor hears it. */
    'matchkit-result': MatchkitResultEvent;
  }
  interface DocumentEventMap {
    /** Sent by `<matchkit-calculator>` for each new valid result; it bubbles and is composed, so the document hears it. */
    'matchkit-result': MatchkitResultEvent;
  }
}

declare module 'react' {
  // React 19 reads the intrinsic elements from React.JSX (the jsx runtime's JSX extends it).
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'matchkit-calculator': MatchkitCalculatorProps;
    }
  }
}
