// The member's start page (a visitor's `/` is the landing page: features/landing). The tools the
// member's plan opens, as cards, then the brand's dashboard sections from the catalogue: a section
// with offer categories lists each category's offers (Sports and Casino Offers), a section without
// them is Guides and Training.
import { Calculator, ChartLine, Grid3x3, Search, Sigma } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAvailableTools, useBrand } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { GUIDE_SECTIONS, GuideList } from '../guides';
import { OfferList } from '../offers';
import { useSession } from '../session';

interface ToolCard {
  readonly key: string;
  readonly href: string;
  readonly title: string;
  readonly icon: ReactNode;
}

const icon = 'size-5 shrink-0 text-accent';

export function DashboardPage() {
  const brand = useBrand();
  const { user, entitled } = useSession();
  const tools = useAvailableTools(entitled).filter((t) => t.slug !== '');
  const oddsmatcher = tools.find((t) => t.key === 'oddsmatcher');
  const cards: ToolCard[] = [
    ...(oddsmatcher === undefined
      ? []
      : [
          {
            key: 'oddsmatcher',
            href: `/${oddsmatcher.slug}`,
            title: oddsmatcher.title,
            icon: <Search aria-hidden="true" className={icon} />,
          },
        ]),
    { key: 'calculator', href: paths.calculator, title: 'Calculator', icon: <Calculator aria-hidden="true" className={icon} /> },
    { key: 'tracker', href: paths.profitTracker, title: 'Profit tracker', icon: <ChartLine aria-hidden="true" className={icon} /> },
    {
      key: 'advanced',
      href: paths.advancedCalculators,
      title: 'Advanced calculators',
      icon: <Sigma aria-hidden="true" className={icon} />,
    },
    ...tools
      .filter((t) => t.key !== 'oddsmatcher')
      .map((t) => ({ key: t.key, href: `/${t.slug}`, title: t.title, icon: <Grid3x3 aria-hidden="true" className={icon} /> })),
  ];
  return (
    <Page
      title={brand.displayName}
      documentTitle="Offers, guides and tools"
      lead={user ? `Welcome back, ${user.firstName}. Your tools, today's offers and the guides.` : undefined}
    >
      <section aria-labelledby="dashboard-tools">
        <h2 id="dashboard-tools" className="text-xl font-bold">
          Your tools
        </h2>
        <ul className="m-0 grid list-none grid-cols-2 gap-2 p-0 sm:grid-cols-3 lg:grid-cols-5">
          {cards.map((card) => (
            <li key={card.key}>
              <Link
                to={card.href}
                className="flex h-full items-center gap-2 rounded-control border border-border bg-surface px-3 py-2 font-semibold text-text no-underline hover:border-accent"
              >
                {card.icon}
                {card.title}
              </Link>
            </li>
          ))}
        </ul>
        {tools.length === 0 ? (
          <p className="text-muted">
            Your plan does not include the finders yet. <Link to={paths.pro}>See what each plan unlocks</Link>
          </p>
        ) : null}
      </section>
      <p className="mt-6 max-w-2xl text-muted">
        New to matched betting? Start with <Link to={paths.firstGuide}>Tutorial 1: the basic idea</Link>. Every figure on an offer is a
        worked example at the odds stated, not a promise; only stake what you can afford to lose.
      </p>
      {brand.dashboardSections.map((section) => (
        <section key={section.id} aria-labelledby={`section-${section.id}`} className="mt-8">
          <h2 id={`section-${section.id}`} className="text-xl font-bold">
            {section.title}
          </h2>
          {section.offerCategories.length > 0
            ? section.offerCategories.map((slug) => {
                const title = brand.offerCategories.find((c) => c.slug === slug)?.title ?? slug;
                return (
                  <div key={slug} className="mt-4">
                    <h3 className="mb-2 text-lg font-semibold">{title}</h3>
                    <OfferList category={slug} title={title} />
                  </div>
                );
              })
            : GUIDE_SECTIONS.map(({ section: guideSection, title }) => (
                <div key={guideSection} className="mt-4">
                  <h3 className="mb-2 text-lg font-semibold">{title}</h3>
                  <GuideList section={guideSection} title={title} />
                </div>
              ))}
        </section>
      ))}
    </Page>
  );
}
