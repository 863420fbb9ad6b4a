// A React page with matchkit: the brand's catalogue from @matchkit/react (BrandProvider and
// useBrand), and the <matchkit-calculator> element from @matchkit/sdk/element, whose results
// reach React state through its matchkit-result event.
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrandProvider, useBrand } from '@matchkit/react';
import { roundForDisplay } from '@matchkit/sdk/calculators';
import {
  defineMatchkitCalculator,
  type MatchkitCalculatorElement,
  type MatchkitResultDetail,
  type MatchkitResultEvent,
} from '@matchkit/sdk/element';

defineMatchkitCalculator();

type BetType = 'snr' | 'qualifying';

/** The calculator element, with its latest result handed to `onResult`. Its JSX types come with @matchkit/sdk/element. */
function Calculator({ betType, onResult }: { readonly betType: BetType; readonly onResult: (detail: MatchkitResultDetail) => void }) {
  const ref = useRef<MatchkitCalculatorElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    // The element sent its first result when React connected it, before this effect ran: read it.
    const first = element.result;
    if (first !== null) onResult(first);
    const listener = (event: MatchkitResultEvent) => onResult(event.detail);
    element.addEventListener('matchkit-result', listener);
    return () => element.removeEventListener('matchkit-result', listener);
  }, [onResult]);
  return <matchkit-calculator ref={ref} bet-type={betType} commission="0.02" back-stake="20" back-odds="5" lay-odds="5.2" />;
}

const pounds = (value: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(roundForDisplay(value));

function Page() {
  const brand = useBrand();
  const [betType, setBetType] = useState<BetType>('snr');
  const [last, setLast] = useState<MatchkitResultDetail | null>(null);
  return (
    <main>
      <h1>{brand.displayName}: free bet calculator</h1>
      <p>
        <label>
          Start from{' '}
          <select value={betType} onChange={(event) => setBetType(event.target.value === 'qualifying' ? 'qualifying' : 'snr')}>
            <option value="snr">a free bet (stake not returned)</option>
            <option value="qualifying">a qualifying bet</option>
          </select>
        </label>
      </p>
      <Calculator betType={betType} onResult={setLast} />
      <h2>In React state</h2>
      <p data-testid="react-result">
        {last === null
          ? 'No result yet.'
          : `Lay ${pounds(last.result.layStake)}; the worse outcome is ${pounds(Math.min(last.result.profitIfWins, last.result.profitIfLoses))}.`}
      </p>
      <p>18+. Only stake what you can afford to lose.</p>
    </main>
  );
}

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <BrandProvider brand="primary">
        <Page />
      </BrandProvider>
    </StrictMode>,
  );
}
