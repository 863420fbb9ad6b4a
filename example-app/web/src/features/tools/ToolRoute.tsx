// The route of every tool page addressed by its slug (`/:toolSlug`, spec section 2): the slug is
// looked up in the brand's catalogue (each brand has its own slugs), and the tool's page is shown
// under its heading, inside the tool's gate (its capability code). A slug the brand does not have,
// or a tool without a page here, is the not-found page.
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { useBrand } from '@matchkit/react';
import { finderTools } from '@matchkit/sdk/matching';
import { Page } from '../../components/Page';
import { Loading } from '../../components/Status';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { ToolGate } from './ToolGate';
import { toolPages } from './toolPages';

export function ToolRoute() {
  const { toolSlug = '' } = useParams();
  const brand = useBrand();
  const tool = toolSlug === '' ? undefined : brand.tools.find((t) => t.slug === toolSlug);
  const ToolPage = tool === undefined ? undefined : toolPages[tool.key];
  if (tool === undefined || ToolPage === undefined) return <NotFoundPage />;
  const engine = finderTools.find((f) => f.key === tool.key);
  return (
    <Page title={tool.title} className="tool-page">
      <ToolGate
        capability={tool.capability}
        name={tool.title}
        about={
          engine === undefined ? null : (
            <p>
              {tool.title} looks at {engine.candidates} and ranks them by {engine.rankedBy}.
            </p>
          )
        }
      >
        <Suspense fallback={<Loading />}>
          <ToolPage key={tool.key} tool={tool} />
        </Suspense>
      </ToolGate>
    </Page>
  );
}
