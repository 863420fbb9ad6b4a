// `/`: a visitor (signed out) sees the landing page, a member their dashboard (loaded on demand, so
// a visitor's first page does not download it). The landing page: the hero, what each tool does
// with a picture of it (scripts/render-tool-pictures.mjs draws them from the tools' real shape),
// the plans with the catalogue's recommended one highlighted and the yearly saving (the sdk's
// yearlySaving), the review counts and testimonials from the catalogue, and the
// responsible-gambling line. Copy rules: docs/responsible-gambling.md (no promised earnings, 18+).
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useBrand } from '@matchkit/react';
import { paths } from '../../app/paths';
import { Loading } from '../../components/Status';
import { Page } from '../../components/Page';
// Imported from its file, as the shell does (components/ui/index.ts): the index would bring its
// other components onto the first page.
import { AdultsMark } from '../../components/ui/AdultsMark';
import { ButtonLink } from '../../components/ui/Button';
import { useSession } from '../session';
import { Deferred } from './Deferred';
import { TOOL_PICTURE_HEIGHT, TOOL_PICTURE_WIDTH, toolSections, type ToolSection } from './tools';

// Below the first screens: the plans (with the sdk's billing), the reviews and the testimonials,
// downloaded when the visitor scrolls towards them (Deferred), not with the first page.
const LandingMore = lazy(async () => ({ default: (await import('./LandingMore')).LandingMore }));
// eslint-disable-next-line import-x/no-restricted-paths -- a lazy page
const DashboardPage = lazy(async () => ({ default: (await import('../dashboard/DashboardPage')).DashboardPage }));

// The design system's Card, as classes: the first page has no room for the chunk Card's module
// shares with the other components (docs/performance.md).
const CARD = 'min-w-0 rounded-card border border-border bg-surface p-4 text-text shadow-card sm:p-5';

export function HomePage() {
  const { user } = useSession();
  if (user)
    return (
      <Suspense fallback={<Loading />}>
        <DashboardPage />
      </Suspense>
    );
  return <LandingPage />;
}

function LandingPage() {
  const brand = useBrand();
  const sections = toolSections(brand);
  const hero = sections[0];
  const behind = sections.find((s) => s.picture === 'tracker');
  return (
    <Page title={brand.displayName} documentTitle="Matched betting tools, calculators and guides" className="landing">
      <div className="grid items-center gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,32rem)]">
        <div className="flex flex-col gap-5">
          <p className="m-0 max-w-2xl text-xl text-text sm:text-2xl">
            Find a close back and lay match for each bookmaker offer, check every figure before you place a bet, and keep a record of where
            you stand.
          </p>
          <div className="flex flex-wrap gap-3">
            <ButtonLink size="lg" to={paths.register}>
              Start your {brand.onboarding.trialDays}-day free trial
            </ButtonLink>
            <ButtonLink size="lg" variant="secondary" to={paths.pro}>
              See plans and prices
            </ButtonLink>
          </div>
          <p className="m-0 text-muted">
            New to matched betting? Read <Link to={paths.firstGuide}>Tutorial 1: the basic idea</Link>, free and without an account.
          </p>
          <p className="m-0 flex items-start gap-2 text-sm text-muted">
            <AdultsMark />
            <span>
              For adults in the UK. Matched betting still means placing real bets: what you get out of it depends on the offers, your time
              and your stakes, and no amount is promised.
            </span>
          </p>
        </div>
        {hero === undefined ? null : (
          <div className="relative lg:pt-10 lg:pr-6">
            {behind === undefined ? null : (
              <div className="absolute top-0 right-0 hidden w-4/5 opacity-90 shadow-raised lg:block">
                <ToolPicture section={behind} brandId={brand.id} eager decorative />
              </div>
            )}
            <div className="relative shadow-overlay">
              <ToolPicture section={hero} brandId={brand.id} eager />
            </div>
          </div>
        )}
      </div>

      <section aria-labelledby="landing-tools" className="mt-14">
        <h2 id="landing-tools" className="text-2xl font-bold">
          What each tool does
        </h2>
        <ul className="m-0 mt-4 grid list-none gap-6 p-0 md:grid-cols-2">
          {sections.map((section, i) => (
            <li
              key={section.id}
              className={`${CARD} ${
                i === 0 ? 'flex flex-col gap-3 md:col-span-2 md:grid md:grid-cols-2 md:items-center md:gap-6' : 'flex flex-col gap-3'
              }`}
            >
              <ToolPicture section={section} brandId={brand.id} />
              <div className="flex flex-col gap-3">
                <h3 className="m-0 text-lg font-semibold">{section.title}</h3>
                <p className="m-0">{section.what}</p>
                {section.also.length > 0 ? <p className="m-0 text-sm text-muted">{section.also}</p> : null}
                {section.href === undefined ? null : (
                  <Link className="self-start font-semibold" to={section.href}>
                    {section.linkLabel}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Deferred>
        <LandingMore />
      </Deferred>

      <section aria-labelledby="landing-responsible" className={`mt-14 ${CARD}`}>
        <h2 id="landing-responsible" className="mt-0 text-xl font-bold">
          Gamble responsibly
        </h2>
        <p className="m-0">
          <strong>18+ only.</strong> {brand.displayName} is for adults in the UK. Set a budget and a time limit before you start, only stake
          what you can afford to lose, and stop if it stops being fun. Free, confidential help is a click away:{' '}
          <Link to={paths.responsibleGambling}>responsible gambling help</Link>.
        </p>
      </section>
    </Page>
  );
}

/** A tool's picture, light or dark with the system (a <picture> source), with its size and words. */
function ToolPicture({
  section,
  brandId,
  eager = false,
  decorative = false,
}: {
  readonly section: ToolSection;
  readonly brandId: string;
  readonly eager?: boolean;
  /** Shown for its looks only (the hero's second picture, described where the tools are): no words. */
  readonly decorative?: boolean;
}) {
  const src = (scheme: 'light' | 'dark') => `/images/tools/${brandId}-${section.picture}-${scheme}.svg`;
  return (
    <picture className="block">
      <source media="(prefers-color-scheme: dark)" srcSet={src('dark')} />
      <img
        className="block h-auto w-full rounded-control"
        src={src('light')}
        width={TOOL_PICTURE_WIDTH}
        height={TOOL_PICTURE_HEIGHT}
        alt={decorative ? '' : section.alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
    </picture>
  );
}
