// The route of every tool page addressed by its slug (`/:toolSlug`, spec section 2): the slug is
// looked up in the brand's catalogue (each brand has its own slugs), and the tool's page is shown
// under its heading, inside the tool's gate (its capability code). A slug another brand's catalogue
// uses for a tool this brand also has (the spec's `/acca-catcher` on a brand whose slug is
// `acca-finder`) is redirected to this brand's slug, the query string kept. A slug of a tool the
// brand lacks, an unknown slug, or a tool without a page here, is the not-found page.
import { Suspense } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useBrand } from '@matchkit/react';
import { getBrand, type Brand, type BrandId } from '@matchkit/sdk/brands';
import { Page } from '../../components/Page';
import { Loading } from '../../components/Status';
import { finderWording } from '../finders';
import { NotFoundPage } from '../not-found';
import { ToolGate } from './ToolGate';
import { toolPages } from './toolPages';
import type { CatalogueTool } from './types';

/** Every brand's reference catalogue, the source of the slugs other brands use. */
const BRAND_IDS: readonly BrandId[] = ['primary', 'secondary'];

/** The tools of the brand that have a page at a slug. */
function pagedTools(brand: Brand): readonly CatalogueTool[] {
  return brand.tools.filter((t) => t.slug !== '' && toolPages[t.key] !== undefined);
}

/** The tool a brand's catalogue (any brand's) addresses by this slug. */
function toolOfAnyBrand(slug: string): CatalogueTool | undefined {
  for (const id of BRAND_IDS) {
    const tool = getBrand(id).tools.find((t) => t.slug === slug);
    if (tool !== undefined) return tool;
  }
  return undefined;
}

export function ToolRoute() {
  const { toolSlug = '' } = useParams();
  const { search } = useLocation();
  const brand = useBrand();
  const tools = pagedTools(brand);
  const tool = toolSlug === '' ? undefined : tools.find((t) => t.slug === toolSlug);
  const ToolPage = tool === undefined ? undefined : toolPages[tool.key];
  if (tool === undefined || ToolPage === undefined) {
    const other = toolSlug === '' ? undefined : toolOfAnyBrand(toolSlug);
    const ours = other === undefined ? undefined : tools.find((t) => t.key === other.key);
    if (ours !== undefined) return <Navigate replace to={{ pathname: `/${ours.slug}`, search }} />;
    if (other === undefined) return <NotFoundPage />;
    return (
      <NotFoundPage
        lead={
          <>
            There is no {other.title} at {brand.displayName}. These are the tools we have.
          </>
        }
      >
        <h2>Our tools</h2>
        <ul>
          {tools.map((t) => (
            <li key={t.key}>
              <Link to={`/${t.slug}`}>{t.title}</Link>
            </li>
          ))}
        </ul>
      </NotFoundPage>
    );
  }
  const words = finderWording(brand, tool.key);
  return (
    <Page title={tool.title} className="tool-page" width="wide">
      <ToolGate
        capability={tool.capability}
        name={tool.title}
        about={
          words === undefined ? null : (
            <p>
              {tool.title} looks at {words.candidates} and ranks them by {words.rankedBy}.
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
