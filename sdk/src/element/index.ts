/**
 * `<matchkit-calculator>`: the standard back/lay calculator as a framework-free custom element,
 * for any page (plain HTML, a bundler, React). Its figures are the sdk's own `backLay`, and its
 * messages come from `backLay`'s validation. It is accessible (labels, keyboard, a polite live
 * result), themed by CSS custom properties (`--matchkit-accent`, `--matchkit-font`, ...), and its
 * styles live in its shadow root, so none leak either way. Nothing is registered on import: call
 * {@link defineMatchkitCalculator}. docs/embedding.md says how to embed, theme and listen.
 *
 * @packageDocumentation
 * @module @matchkit/sdk/element
 */
export { defineMatchkitCalculator, type MatchkitCalculatorElement, type MatchkitResultDetail } from './element';
// Also declares the tag on HTMLElementTagNameMap, the event on HTMLElementEventMap and the element
// on React 19's JSX.IntrinsicElements, for a page's TypeScript (types only).
export type { MatchkitCalculatorAttributes, MatchkitCalculatorProps, MatchkitResultEvent } from './types';
// The rounding the element shows its figures with, for a page that shows a result itself: the
// element loads it anyway, so a page with no build step gets it from this entry at no cost.
export { roundForDisplay } from '../calculators/round';
