// What a finder page says about its tool, in plain English (wording.ts): in one line above the table
// what it ranks by and whether the figure is exact or an expectation; behind the "About this tool"
// info control what it looks at, its guide and what it assumes.
import { Link } from 'react-router';
import type { Brand } from '@matchkit/sdk/brands';
import type { ToolPageProps } from '../tools';
import { finderTools } from '@matchkit/sdk/matching';
import { InfoDisclosure } from '../../components/table';
import { finderWording } from '@matchkit/app-contract';

const FIGURE = { exact: 'exact figure', 'expected value': 'expected value', approximate: 'approximate' } as const;

interface AboutProps {
  readonly brand: Brand;
  readonly tool: ToolPageProps['tool'];
}

export function FinderAbout({ brand, tool }: AboutProps) {
  const engine = finderTools.find((f) => f.key === tool.key);
  const words = finderWording(brand, tool.key);
  if (engine === undefined || words === undefined) return null;
  return (
    <div className="finder-about flex flex-wrap items-center gap-x-4 gap-y-1">
      <p className="m-0 min-w-64 flex-1 text-sm">
        <strong>Ranked by</strong> {words.rankedBy}{' '}
        <span className="finder-figure rounded-control border border-border px-1.5 text-xs text-muted">{FIGURE[engine.figure]}</span>
      </p>
      <InfoDisclosure label="About this tool">
        <p>
          <strong>Looks at</strong> {words.candidates}.
          {tool.guideUrl === null ? null : (
            <>
              {' '}
              <Link to={tool.guideUrl}>How to use {tool.title}</Link>
            </>
          )}
        </p>
        <FinderAssumptions brand={brand} tool={tool} />
      </InfoDisclosure>
    </div>
  );
}

export function FinderAssumptions({ brand, tool }: AboutProps) {
  const words = finderWording(brand, tool.key);
  if (words === undefined) return null;
  return (
    <section aria-labelledby="finder-assumptions-title">
      <h2 id="finder-assumptions-title" className="my-1 text-base">
        Assumptions
      </h2>
      {words.assumptions.length === 0 ? (
        <p>None: no probability model enters, every figure follows from the prices and the stake.</p>
      ) : (
        <ul>
          {words.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      )}
      <p className="m-0 text-sm text-muted">
        Expected figures are long-run averages over many bets, not a promise: any single bet can lose, and prices move before you place a
        bet.
      </p>
    </section>
  );
}
