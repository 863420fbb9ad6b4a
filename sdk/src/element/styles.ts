// The element's style sheet, inside its shadow root: nothing here reaches the page, and the
// page's selectors do not reach in. Every themeable value is a CSS custom property with a default
// (docs/embedding.md lists them); custom properties inherit through the shadow boundary, so a page
// sets them on the element or on any ancestor.
const accent = 'var(--matchkit-accent,#0b5cad)';
const border = 'var(--matchkit-border,#767676)';
const radius = 'var(--matchkit-radius,6px)';
const error = 'var(--matchkit-error,#b3261e)';
const muted = 'var(--matchkit-muted,#545454)';
const space = 'var(--matchkit-space,1rem)';

/** The CSS of the element's shadow root. */
export const STYLES =
  // font-family without a fallback: unset, it inherits the page's font.
  `:host{display:block;box-sizing:border-box;max-width:44rem;padding:${space};font-family:var(--matchkit-font);line-height:1.4;` +
  `color:var(--matchkit-text,#1b1b1b);background:var(--matchkit-background,#fff);border:1px solid ${border};border-radius:${radius}}` +
  `:host([hidden]),[hidden]{display:none!important}*,*::before,*::after{box-sizing:border-box}` +
  `form{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:calc(${space} * .75) ${space};margin:0}` +
  `.f{display:flex;flex-direction:column;gap:.25rem;min-width:0}.w{grid-column:1/-1}label{font-weight:600}` +
  `input,select{width:100%;min-height:2.75rem;margin:0;padding:.5rem .625rem;font:inherit;color:inherit;` +
  `background:var(--matchkit-field-background,#fff);border:1px solid ${border};border-radius:${radius}}` +
  `input:focus-visible,select:focus-visible{outline:3px solid ${accent};outline-offset:1px}` +
  `[aria-invalid=true]{border:2px solid ${error}}` +
  `.m{margin:0;font-size:.875em;color:${error}}.m:empty{display:none}` +
  `.r{margin-top:${space};padding-top:${space};border-top:1px solid ${border}}` +
  `dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.75rem;margin:0}` +
  `dt{font-size:.875em;color:${muted}}dd{margin:0;font-size:1.25em;font-weight:700;color:${accent};font-variant-numeric:tabular-nums}` +
  `.s{margin:0}.v{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}` +
  `.n{margin:.75rem 0 0;font-size:.8125em;color:${muted}}`;
