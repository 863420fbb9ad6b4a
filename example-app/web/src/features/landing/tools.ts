// What the landing page says each of the brand's tools does, in plain English, grouped as a
// visitor meets them: the oddsmatcher, the calculator, the finders, the profit tracker and casino
// training. Names come from the catalogue (the brand's own tool titles); each group has a picture
// drawn by scripts/render-tool-pictures.mjs (`/images/tools/{brand}-{picture}-{light|dark}.svg`).
import type { Brand } from '@matchkit/sdk/brands';
import { paths } from '../../app/paths';

/** The pictures' size in CSS pixels (scripts/render-tool-pictures.mjs draws them at this size). */
export const TOOL_PICTURE_WIDTH = 480;
export const TOOL_PICTURE_HEIGHT = 300;

export interface ToolSection {
  readonly id: string;
  readonly title: string;
  /** What the tool does for a member, in one or two sentences. */
  readonly what: string;
  /** The tools of the group by their catalogue names, as a sentence; empty when the group is one tool. */
  readonly also: string;
  /** The picture's name in its file name. */
  readonly picture: 'oddsmatcher' | 'calculator' | 'finders' | 'tracker' | 'casino';
  /** What the picture shows, for those who cannot see it. */
  readonly alt: string;
  /** A page a visitor may open without an account. */
  readonly href?: string;
  readonly linkLabel?: string;
}

/** The catalogue keys of tools that are not finders (each has its own group, or no page). */
const NOT_FINDERS = new Set(['oddsmatcher', 'dutching', 'slots', 'simulator']);

function list(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

export function toolSections(brand: Brand): ToolSection[] {
  const title = (key: string, fallback: string) => brand.tools.find((t) => t.key === key)?.title ?? fallback;
  const finders = brand.tools.filter((t) => t.slug !== '' && !NOT_FINDERS.has(t.key)).map((t) => t.title);
  const casino = brand.tools.filter((t) => t.key === 'slots' || t.key === 'simulator').map((t) => t.title);
  const oddsmatcher = title('oddsmatcher', 'Oddsmatcher');
  return [
    {
      id: 'oddsmatcher',
      title: oddsmatcher,
      what: "Compares every bookmaker's back odds with the exchanges' lay odds across today's events and ranks the closest matches, so a qualifying bet costs as little as possible.",
      also: '',
      picture: 'oddsmatcher',
      alt: `The ${oddsmatcher}: football matches with filters above, each row a selection with its back odds, lay odds and rating, the best match highlighted.`,
    },
    {
      id: 'calculator',
      title: 'Matched betting calculator',
      what: 'Type in the stake and both odds: it works out the lay stake, your liability and what you end with whichever way the bet goes, for qualifying bets, free bets and refunds.',
      also: `Plus ${brand.calculators.length} advanced calculators, from each way to dutching and accas.`,
      picture: 'calculator',
      alt: 'The calculator: a £10.00 back stake at odds of 3.20, lay odds of 3.30 and 2% commission give a lay stake of £9.76, with the result if the back bet wins and if the lay bet wins.',
      href: paths.calculator,
      linkLabel: 'Try the calculator',
    },
    {
      id: 'finders',
      title: 'Finders for each offer type',
      what: 'Each finder searches for the bets one kind of offer needs, such as each-way races with extra places or accas with insurance, and rates them so you can see which are worth placing.',
      also: finders.length === 0 ? '' : `The finders: ${list(finders)}.`,
      picture: 'finders',
      alt: `The ${title('eachWayCatcher', 'each way finder')}: today's races with each horse's back and lay odds, the place terms and a rating, the best highlighted.`,
    },
    {
      id: 'tracker',
      title: 'Profit tracker',
      what: 'Records every bet with its legs and result, totals what you have staked and settled, and charts your month, so you always know where you stand.',
      also: 'With a balance sheet of your bookmaker and exchange accounts.',
      picture: 'tracker',
      alt: 'The profit tracker: a summary strip of bets, settled bets, total staked and open bets above a chart of the running total over a month of example data.',
    },
    {
      id: 'casino',
      title: 'Casino training',
      what: 'Before you take a casino bonus, see what its wagering costs on average at the game’s return to player, and how differently runs of the same offer can end.',
      also: casino.length === 0 ? '' : `The tools: ${list(casino)}.`,
      picture: 'casino',
      alt: 'The casino wagering simulator: several simulated balance paths of the same £50.00 bonus, beside the wagering of £500.00, a game RTP of 96.0% and an average cost of £20.00.',
    },
  ];
}
