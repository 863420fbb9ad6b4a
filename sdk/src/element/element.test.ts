// @vitest-environment jsdom
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backLay } from '../calculators/backLay';
import { isMatchkitError } from '../errors/errors';
import { defineMatchkitCalculator, type MatchkitCalculatorElement, type MatchkitResultDetail } from './index';

const TAG = 'matchkit-calculator';
defineMatchkitCalculator(TAG);

afterEach(() => {
  document.body.replaceChildren();
});

/** Puts a calculator with these attributes in the page, recording its events. */
function mount(attributes: Record<string, string> = {}) {
  const events: MatchkitResultDetail[] = [];
  const element = document.createElement(TAG) as MatchkitCalculatorElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.addEventListener('matchkit-result', (event) => events.push((event as CustomEvent<MatchkitResultDetail>).detail));
  document.body.append(element);
  const root = element.shadowRoot as ShadowRoot;
  /** The control labelled `label` (a real <label for>), as a member finds it. */
  const control = (label: string) => {
    const found = [...root.querySelectorAll('label')].find((l) => l.textContent === label);
    if (found === undefined) throw new Error(`no label ${label}`);
    return root.getElementById(found.htmlFor) as HTMLInputElement | HTMLSelectElement;
  };
  const type = (label: string, value: string) => {
    const field = control(label);
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  };
  /** The message beside a field, through its aria-describedby. */
  const message = (label: string) => {
    const ids = control(label).getAttribute('aria-describedby') ?? '';
    return ids
      .split(' ')
      .map((id) => root.getElementById(id)?.textContent ?? '')
      .join('');
  };
  const status = () => root.querySelector('[role=status]')?.textContent ?? '';
  return { element, root, events, control, type, message, status };
}

/** A commission as typed in percent, and the fraction the sdk must be handed (no binary noise). */
const COMMISSIONS: readonly (readonly [string, number])[] = [
  ['0', 0],
  ['0.1', 0.001],
  ['2', 0.02],
  ['2.5', 0.025],
  ['3', 0.03],
  ['5', 0.05],
  ['6.5', 0.065],
  ['7', 0.07],
  ['7.35', 0.0735],
  ['9.9', 0.099],
];

describe('<matchkit-calculator>', () => {
  it('takes its defaults from the attributes, commission as a fraction shown as a percentage', () => {
    const { control, events, element } = mount({
      'bet-type': 'snr',
      strategy: 'underlay',
      commission: '0.025',
      'back-stake': '25',
      'back-odds': '4.5',
      'lay-odds': '4.6',
    });
    expect(control('Bet type').value).toBe('snr');
    expect(control('Lay strategy').value).toBe('underlay');
    expect(control('Lay commission (%)').value).toBe('2.5');
    expect(control('Free bet amount (£)').value).toBe('25');
    expect(control('Back odds (decimal)').value).toBe('4.5');
    expect(control('Lay odds (decimal)').value).toBe('4.6');
    const input = { betType: 'snr', strategy: 'underlay', backStake: 25, backOdds: 4.5, layOdds: 4.6, layCommission: 0.025 } as const;
    expect(events).toEqual([{ input, result: backLay(input) }]);
    expect(element.result).toEqual(events[0]);
  });

  it('follows an attribute changed later, and goes back to the default when it is removed', () => {
    const { control, element, events } = mount({ 'back-odds': '3', 'lay-odds': '3.1' });
    element.setAttribute('lay-odds', '3.2');
    expect(control('Lay odds (decimal)').value).toBe('3.2');
    expect(events.at(-1)?.input.layOdds).toBe(3.2);
    element.setAttribute('bet-type', 'refund');
    expect(control('Refund if it loses (£)').closest('[data-refund]')?.hasAttribute('hidden')).toBe(false);
    element.removeAttribute('bet-type');
    expect(control('Bet type').value).toBe('qualifying');
    expect(control('Refund if it loses (£)').closest('[data-refund]')?.hasAttribute('hidden')).toBe(true);
  });

  it('keeps what the member typed when it is moved in the page', () => {
    const { element, type, control, events } = mount({ 'back-odds': '3', 'lay-odds': '3.2' });
    type('Lay odds (decimal)', '3.3');
    const other = document.createElement('div');
    document.body.append(other);
    other.append(element);
    expect(control('Lay odds (decimal)').value).toBe('3.3');
    expect(events).toHaveLength(2);
  });

  it('shows the message beside the field it names, marks the field invalid, and sends no result', () => {
    const { control, type, message, status, events, element } = mount({ 'back-odds': '3', 'lay-odds': '3.2' });
    expect(events).toHaveLength(1);
    type('Lay odds (decimal)', '1');
    expect(message('Lay odds (decimal)')).toBe('The lay odds must be more than 1 and at most 1,000,000.');
    expect(control('Lay odds (decimal)').getAttribute('aria-invalid')).toBe('true');
    expect(control('Back odds (decimal)').hasAttribute('aria-invalid')).toBe(false);
    expect(status()).toBe('Fix the fields marked above to see the result.');
    type('Back stake (£)', 'ten');
    expect(message('Back stake (£)')).toBe('Enter the back stake in pounds, such as 10.50.');
    type('Lay commission (%)', '100');
    expect(message('Lay commission (%)')).toBe('The lay commission must be from 0% to less than 100%.');
    expect(events).toHaveLength(1);
    expect(element.result).toBeNull();
    type('Lay odds (decimal)', '3.2');
    type('Back stake (£)', '10');
    type('Lay commission (%)', '2');
    expect(control('Lay odds (decimal)').hasAttribute('aria-invalid')).toBe(false);
    expect(message('Lay odds (decimal)')).toBe('');
    // Valid again: the result is sent again (a page showing it had been told nothing since).
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual(events[0]);
    type('Back stake (£)', '10.0');
    // The same input: not sent twice.
    expect(events).toHaveLength(2);
  });

  it('refuses a commission that is not a percentage from 0 to less than 100, sending no result', () => {
    const { type, message, events, element } = mount({ 'back-odds': '3', 'lay-odds': '3.2' });
    for (const typed of ['100', '120', '-1']) {
      type('Lay commission (%)', typed);
      expect(message('Lay commission (%)')).toBe('The lay commission must be from 0% to less than 100%.');
      expect(element.result).toBeNull();
    }
    type('Lay commission (%)', 'two');
    expect(message('Lay commission (%)')).toBe('Enter the lay commission as a percentage, such as 2.');
    expect(events).toHaveLength(1);
  });

  it('states the money limit the sdk applies', () => {
    const { type, message } = mount({ 'back-odds': '3', 'lay-odds': '3.2' });
    type('Back stake (£)', '1000000001');
    expect(message('Back stake (£)')).toBe('The back stake must be from £0 to £1,000,000,000.');
  });

  it('names the empty fields instead of calling them wrong', () => {
    const { status, message } = mount();
    expect(status()).toBe('Enter the back odds and the lay odds to see the result.');
    expect(message('Back odds (decimal)')).toBe('');
  });

  it('refuses a bad attribute with the sdk’s own message beside its field', () => {
    const { message, control, events } = mount({ commission: '2', 'back-odds': '3', 'lay-odds': '3.2' });
    // The sdk's question keeps its own question mark: no "?." before the next sentence.
    expect(message('Lay commission (%)')).toBe(
      'The page\'s commission="2" was refused: commission 2 is not a fraction: did you mean 0.02? Enter the lay commission as a percentage.',
    );
    expect(control('Lay commission (%)').value).toBe('');
    expect(events).toEqual([]);
    const bad = mount({ 'bet-type': 'cash', 'back-odds': '3', 'lay-odds': '3.2' });
    expect(bad.message('Bet type')).toBe("Bet type: 'cash' was renamed 'qualifying' in 1.0.");
    expect(bad.events).toEqual([]);
  });

  it('shows money as pounds to the penny, as the sdk computes it', () => {
    const { root, status } = mount({ 'back-stake': '10', 'back-odds': '3', 'lay-odds': '3.2', commission: '0.02' });
    const figures = [...root.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(figures).toEqual(['£9.43', '£20.75', '-£0.75', '-£0.75']);
    expect(status()).toBe('Lay £9.43 at 3.2, liability £20.75. If the bookmaker wins: -£0.75. If the exchange wins: -£0.75.');
  });

  it('sends the sdk’s backLay of the inputs shown, whatever is typed (property)', () => {
    const { type, events, control } = mount({ 'bet-type': 'sr' });
    const decimal = (min: number, max: number) => fc.double({ min, max, noNaN: true }).map((x) => String(Number(x.toFixed(2))));
    fc.assert(
      fc.property(
        decimal(0, 1000),
        decimal(1.01, 50),
        decimal(1.01, 50),
        fc.constantFrom(...COMMISSIONS),
        (stake, backOdds, layOdds, [commission, asFraction]) => {
          type('Free bet amount (£)', stake);
          type('Back odds (decimal)', backOdds);
          type('Lay odds (decimal)', layOdds);
          type('Lay commission (%)', commission);
          const last = events.at(-1);
          expect(last?.input).toEqual({
            betType: 'sr',
            strategy: 'normal',
            backStake: Number(control('Free bet amount (£)').value),
            backOdds: Number(control('Back odds (decimal)').value),
            layOdds: Number(control('Lay odds (decimal)').value),
            layCommission: asFraction,
          });
          expect(last?.result).toEqual(backLay(last?.input ?? { backStake: 0, backOdds: 2, layOdds: 2, layCommission: 0 }));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('sends a composed, bubbling event that leaves the shadow root', () => {
    const { element } = mount();
    let seen: Event | undefined;
    document.addEventListener('matchkit-result', (event) => (seen = event), { once: true });
    element.setAttribute('back-odds', '2');
    element.setAttribute('lay-odds', '2.1');
    expect(seen?.bubbles).toBe(true);
    expect(seen?.composed).toBe(true);
    expect(seen?.target).toBe(element);
  });

  it('registers once per name and refuses a bad or taken name', () => {
    expect(defineMatchkitCalculator(TAG)).toBe(customElements.get(TAG));
    customElements.define('other-thing', class extends HTMLElement {});
    const refused = (name: string) => {
      try {
        defineMatchkitCalculator(name);
      } catch (error) {
        return isMatchkitError(error) && error.kind === 'validation' ? error.message : String(error);
      }
      return 'accepted';
    };
    expect(refused('other-thing')).toContain('tagName: <other-thing> is already defined by another element');
    expect(refused('calculator')).toContain('tagName: "calculator" is not a custom element name');
    expect(refused('my-calculator')).toBe('accepted');
  });

  it('refuses to define the element without customElements (Node, a server render), as an unsupported environment', () => {
    vi.stubGlobal('customElements', undefined);
    try {
      expect(() => defineMatchkitCalculator('another-calculator')).toThrow(
        expect.objectContaining({ kind: 'unsupported', message: expect.stringContaining('there is no customElements here') }),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
