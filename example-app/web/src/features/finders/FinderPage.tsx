// One finder tool's page: what it ranks by and on what assumptions (the sdk's finderTools
// registry), its guide, and its ranked table on the live feed.
import { finderTools } from '@matchkit/sdk/matching';
import type { ToolPageProps } from '../tools/toolPages';

export function FinderPage({ tool }: ToolPageProps) {
  const engine = finderTools.find((f) => f.key === tool.key);
  return (
    <section aria-labelledby="finder-ranks">
      <h2 id="finder-ranks">What it ranks</h2>
      <p>{engine?.rankedBy}</p>
    </section>
  );
}
