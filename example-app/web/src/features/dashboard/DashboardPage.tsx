// The home page: the brand's dashboard (spec section 2). Its sections come from the brand
// catalogue: a section with offer categories lists each category's offers (Sports and Casino
// Offers), a section without them is Guides and Training.
import { Link } from 'react-router';
import { useBrand } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { GUIDE_SECTIONS, GuideList } from '../guides';
import { OfferList } from '../offers';
import { useSession } from '../session';
import './dashboard.css';

export function DashboardPage() {
  const brand = useBrand();
  const { user } = useSession();
  return (
    <Page
      title={brand.displayName}
      documentTitle="Offers, guides and tools"
      lead="Bookmaker offers, step-by-step guides and the tools to track every bet."
      className="dashboard"
    >
      <p className="dashboard-note">
        New to matched betting? Start with <Link to={paths.firstGuide}>Tutorial 1: the basic idea</Link>. Every figure on an offer is a
        worked example at the odds stated, not a promise; only stake what you can afford to lose.
        {user === null ? (
          <>
            {' '}
            <Link to={paths.login}>Sign in</Link> to mark the offers you have completed.
          </>
        ) : null}
      </p>
      {brand.dashboardSections.map((section) => (
        <section key={section.id} aria-labelledby={`section-${section.id}`} className="dashboard-section">
          <h2 id={`section-${section.id}`}>{section.title}</h2>
          {section.offerCategories.length > 0
            ? section.offerCategories.map((slug) => {
                const title = brand.offerCategories.find((c) => c.slug === slug)?.title ?? slug;
                return (
                  <div key={slug} className="dashboard-group">
                    <h3>{title}</h3>
                    <OfferList category={slug} title={title} />
                  </div>
                );
              })
            : GUIDE_SECTIONS.map(({ section: guideSection, title }) => (
                <div key={guideSection} className="dashboard-group">
                  <h3>{title}</h3>
                  <GuideList section={guideSection} title={title} />
                </div>
              ))}
        </section>
      ))}
    </Page>
  );
}
