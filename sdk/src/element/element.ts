// <matchkit-calculator>: the standard back/lay calculator as a custom element. The class is made
// when `defineMatchkitCalculator` is called, never at import, so importing this module in Node
// (a server render, a test) touches no DOM global.
import type { BackLayInput, BackLayResult } from '../calculators/backLay';
import { MatchkitError, MatchkitValidationError } from '../errors/errors';
import {
  DEFAULT_FORM,
  FIELD_NAMES,
  attributeIssue,
  calculate,
  endSentence,
  list,
  money,
  parseDecimal,
  type FieldName,
  type FormValues,
  type NumberField,
} from './form';
import { STYLES } from './styles';

/**
 * The `detail` of a `matchkit-result` event, and the element's `result` property: the input the
 * sdk's `backLay` accepted (odds decimal, commission a fraction, money in pounds) and its result,
 * unrounded, exactly as `backLay(input)` returns it.
 *
 * @example
 * ```ts dom
 * import type { MatchkitResultDetail } from '@matchkit/sdk/element';
 * const calculator = document.body.appendChild(document.createElement('matchkit-calculator'));
 * calculator.addEventListener('matchkit-result', (event) => {
 *   const { input, result } = (event as CustomEvent<MatchkitResultDetail>).detail;
 *   console.log(input.backStake, result.layStake);
 * });
 * ```
 */
export interface MatchkitResultDetail {
  /** What backLay was given: the fields as typed, read into its input. */
  readonly input: BackLayInput;
  /** backLay's result for `input` (nothing rounded: the element rounds only what it shows). */
  readonly result: BackLayResult;
}

/**
 * A `<matchkit-calculator>` element on the page (what `document.querySelector` returns for it
 * once {@link defineMatchkitCalculator} has run).
 *
 * @example
 * ```ts dom
 * import type { MatchkitCalculatorElement } from '@matchkit/sdk/element';
 * const calculator = document.querySelector<MatchkitCalculatorElement>('matchkit-calculator');
 * calculator?.result?.result.layStake; // the lay stake shown now, or undefined while a field is wrong
 * ```
 */
export interface MatchkitCalculatorElement extends HTMLElement {
  /** The calculation shown now (the last `matchkit-result` event's detail), or null while the form has no result. */
  readonly result: MatchkitResultDetail | null;
}

/**
 * The attributes the element reads (and watches: a change updates the form): `bet-type`,
 * `strategy`, `commission` (the exchange's commission as a fraction, as the sdk takes it: 0.02
 * for 2%), `back-stake` (pounds), `back-odds` and `lay-odds` (decimal).
 */
const ATTRIBUTES: Record<string, FieldName> = {
  'bet-type': 'betType',
  strategy: 'strategy',
  commission: 'layCommission',
  'back-stake': 'backStake',
  'back-odds': 'backOdds',
  'lay-odds': 'layOdds',
};

const BET_TYPES = [
  ['qualifying', 'Qualifying bet'],
  ['snr', 'Free bet (stake not returned)'],
  ['sr', 'Free bet (stake returned)'],
  ['refund', 'Refund if it loses'],
] as const;
const STRATEGIES = [
  ['normal', 'Normal'],
  ['underlay', 'Underlay (lay less)'],
  ['overlay', 'Overlay (lay more)'],
] as const;

const describe = (id: string): string => `aria-describedby="${id}-m"`;
const message = (id: string): string => `<p class="m" id="${id}-m"></p>`;
/** A select; a `wide` one takes a row of its own, so its longest choice is never cut off in a narrow column. */
const select = (id: string, label: string, options: readonly (readonly [string, string])[], wide = false): string =>
  `<div class="f${wide ? ' w' : ''}" part="field"><label for="${id}">${label}</label><select id="${id}" part="select" ${describe(id)}>` +
  options.map(([value, text]) => `<option value="${value}">${text}</option>`).join('') +
  `</select>${message(id)}</div>`;
const input = (id: NumberField, label: string): string =>
  `<div class="f" part="field"${id.startsWith('refund') ? ' data-refund' : ''}><label for="${id}">${label}</label>` +
  `<input id="${id}" part="input" type="text" inputmode="decimal" autocomplete="off" spellcheck="false" ${describe(id)}>${message(id)}</div>`;

const FIGURES = [
  ['layStake', 'Lay stake'],
  ['liability', 'Liability'],
  ['profitIfWins', 'If the bookmaker wins'],
  ['profitIfLoses', 'If the exchange wins'],
] as const;

const TEMPLATE =
  `<style>${STYLES}</style><form part="form" novalidate aria-label="Back and lay calculator">` +
  select('betType', 'Bet type', BET_TYPES, true) +
  input('backStake', 'Back stake (£)') +
  input('backOdds', 'Back odds (decimal)') +
  input('layOdds', 'Lay odds (decimal)') +
  input('layCommission', 'Lay commission (%)') +
  input('refundAmount', 'Refund if it loses (£)') +
  input('refundRetention', 'Share of the refund you keep (%)') +
  select('strategy', 'Lay strategy', STRATEGIES) +
  `</form><div class="r" part="result"><dl hidden>` +
  FIGURES.map(([key, term]) => `<div><dt>${term}</dt><dd data-figure="${key}"></dd></div>`).join('') +
  `</dl><p class="s" role="status" aria-live="polite" aria-atomic="true"></p></div>` +
  `<p class="n" part="note">18+. The figures assume both bets are matched at these odds. Only stake what you can afford to lose.</p>`;

/** The element's class, made on first use (HTMLElement exists only in a browser). */
function createElementClass(): CustomElementConstructor {
  return class MatchkitCalculator extends HTMLElement implements MatchkitCalculatorElement {
    static readonly observedAttributes = Object.keys(ATTRIBUTES);
    static readonly matchkitCalculator = true;
    private readonly form: FormValues = { ...DEFAULT_FORM };
    /** A message per field whose attribute the sdk refused, until the member edits that field. */
    private readonly attributeErrors = new Map<FieldName, string>();
    private shown: MatchkitResultDetail | null = null;
    private shownKey = '';
    private started = false;
    private readonly root: ShadowRoot;

    constructor() {
      super();
      this.root = this.attachShadow({ mode: 'open' });
      this.root.innerHTML = TEMPLATE;
      this.root.addEventListener('input', (event) => this.edit(event));
      this.root.addEventListener('change', (event) => this.edit(event));
      this.root.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault());
    }

    get result(): MatchkitResultDetail | null {
      return this.shown;
    }

    connectedCallback(): void {
      // The attributes are read once, on the first connection: moving the element in the page
      // keeps what the member typed.
      if (!this.started) for (const name of Object.keys(ATTRIBUTES)) this.read(name);
      this.started = true;
      this.render();
    }

    attributeChangedCallback(name: string, before: string | null, after: string | null): void {
      if (before === after || !this.started) return;
      this.read(name);
      if (this.isConnected) this.render();
    }

    private field<T extends Element>(id: string): T {
      return this.root.getElementById(id) as unknown as T;
    }

    /** One attribute into its field: its value as typed, or the default when it is absent. */
    private read(name: string): void {
      const field = ATTRIBUTES[name];
      if (field === undefined) return;
      const raw = this.getAttribute(name);
      this.attributeErrors.delete(field);
      if (raw === null) {
        this.form[field] = DEFAULT_FORM[field];
      } else if (field === 'layCommission') {
        // A fraction, as the sdk takes it; the field shows it as a percentage.
        const n = parseDecimal(raw);
        const issue = attributeIssue('layCommission', Number.isNaN(n) ? raw : n);
        this.form[field] = issue === undefined ? String(Number((n * 100).toPrecision(12))) : '';
        if (issue !== undefined)
          this.attributeErrors.set(
            field,
            `${endSentence(`The page's commission="${raw}" was refused: ${issue}`)} Enter the lay commission as a percentage.`,
          );
      } else {
        this.form[field] = raw.trim();
      }
    }

    private edit(event: Event): void {
      const target = event.target as HTMLInputElement | HTMLSelectElement;
      const field = target.id as FieldName;
      if (!(field in this.form) || this.form[field] === target.value) return;
      this.form[field] = target.value;
      this.attributeErrors.delete(field);
      this.render();
    }

    private render(): void {
      const form = this.form;
      const outcome = calculate(form);
      const free = form.betType === 'snr' || form.betType === 'sr';
      this.field<HTMLInputElement>('backStake').labels?.[0]?.replaceChildren(free ? 'Free bet amount (£)' : 'Back stake (£)');
      for (const row of this.root.querySelectorAll<HTMLElement>('[data-refund]')) row.hidden = form.betType !== 'refund';
      for (const id of Object.keys(form) as FieldName[]) {
        const control = this.field<HTMLInputElement | HTMLSelectElement>(id);
        if (control.value !== form[id]) control.value = form[id];
        const text = outcome.errors[id] ?? this.attributeErrors.get(id) ?? '';
        this.field<HTMLElement>(`${id}-m`).textContent = text;
        if (text === '') control.removeAttribute('aria-invalid');
        else control.setAttribute('aria-invalid', 'true');
      }
      const { input, result } = outcome;
      const figures = this.root.querySelector('dl') as HTMLElement;
      const status = this.root.querySelector('[role=status]') as HTMLElement;
      let summary: string;
      if (input === undefined || result === undefined) {
        const wrong = Object.keys(outcome.errors).length > 0 || this.attributeErrors.size > 0;
        summary = wrong
          ? 'Fix the fields marked above to see the result.'
          : `Enter ${list(outcome.empty.map((f) => FIELD_NAMES[f]))} to see the result.`;
        this.shown = null;
        this.shownKey = '';
      } else {
        for (const dd of figures.querySelectorAll<HTMLElement>('dd'))
          dd.textContent = money(result[dd.dataset['figure'] as keyof BackLayResult]);
        summary =
          `Lay ${money(result.layStake)} at ${form.layOdds.trim()}, liability ${money(result.liability)}. ` +
          `If the bookmaker wins: ${money(result.profitIfWins)}. If the exchange wins: ${money(result.profitIfLoses)}.`;
      }
      figures.hidden = result === undefined;
      status.className = result === undefined ? 's' : 's v';
      if (status.textContent !== summary) status.textContent = summary;
      const key = input === undefined ? '' : JSON.stringify(input);
      if (input !== undefined && result !== undefined && key !== this.shownKey) {
        this.shownKey = key;
        this.shown = { input, result };
        this.dispatchEvent(new CustomEvent<MatchkitResultDetail>('matchkit-result', { detail: this.shown, bubbles: true, composed: true }));
      }
    }
  };
}

/**
 * Registers the `<matchkit-calculator>` custom element (the standard back/lay calculator, the
 * sdk's `backLay`) under `tagName`, and returns its class. Call it once, in the browser, before or
 * after the elements are in the page (the browser upgrades those already there). Calling it
 * again with the same name returns the class already registered. Importing
 * `@matchkit/sdk/element` registers nothing (the package has no side effects): this call does.
 *
 * Attributes: `bet-type` (`qualifying`, `snr`, `sr`, `refund`), `strategy` (`normal`,
 * `underlay`, `overlay`), `commission` (a fraction as the sdk takes it: `0.02` for 2%),
 * `back-stake` (pounds), `back-odds`, `lay-odds` (decimal odds). Each valid result is sent as a
 * `matchkit-result` event (bubbling, composed) whose `detail` is a {@link MatchkitResultDetail}.
 *
 * @param tagName - the element's name, with a hyphen (default `matchkit-calculator`)
 * @returns the element's class
 * @throws MatchkitValidationError when `tagName` is not a valid custom element name or is taken
 *   by another element; MatchkitError of kind `unsupported` when there is no `customElements`
 *   (Node, a server render)
 * @example
 * ```ts dom
 * import { defineMatchkitCalculator } from '@matchkit/sdk/element';
 * defineMatchkitCalculator(); // <matchkit-calculator bet-type="snr" commission="0.02"></matchkit-calculator>
 * ```
 */
export function defineMatchkitCalculator(tagName = 'matchkit-calculator'): CustomElementConstructor {
  const registry = globalThis.customElements as CustomElementRegistry | undefined;
  if (registry === undefined) {
    throw new MatchkitError(
      'unsupported',
      'defineMatchkitCalculator needs a browser: there is no customElements here (Node or a server render); call it in the page',
    );
  }
  const issue = (message: string) => new MatchkitValidationError('defineMatchkitCalculator input', [{ path: 'tagName', message }]);
  if (typeof tagName !== 'string' || !/^[a-z][a-z0-9._]*-[a-z0-9._-]*$/.test(tagName)) {
    throw issue(`${JSON.stringify(tagName)} is not a custom element name (lower case, starting with a letter, with a hyphen)`);
  }
  const existing = registry.get(tagName) as (CustomElementConstructor & { matchkitCalculator?: boolean }) | undefined;
  if (existing !== undefined) {
    if (existing.matchkitCalculator === true) return existing;
    throw issue(`<${tagName}> is already defined by another element`);
  }
  const element = createElementClass();
  registry.define(tagName, element);
  return element;
}
