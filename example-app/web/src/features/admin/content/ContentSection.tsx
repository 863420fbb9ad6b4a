// Admin > Content: the offers (/admin/content) and the guides and training
// (/admin/content/guides), each a part of its own with drafts, preview, publish and unpublish.
import { NavLink, Route, Routes } from 'react-router';
import { paths } from '../../../app/paths';
import { GuidesPart } from './GuidesPart';
import { OffersPart } from './OffersPart';

const PART =
  'rounded-control px-3 py-1 font-medium text-muted no-underline hover:text-text aria-[current=page]:bg-accent-soft aria-[current=page]:text-text';

export function ContentSection() {
  return (
    <>
      <nav aria-label="Content" className="mb-4">
        <ul className="m-0 flex list-none gap-2 p-0">
          <li>
            <NavLink end className={PART} to={`${paths.admin}/content`}>
              Offers
            </NavLink>
          </li>
          <li>
            <NavLink className={PART} to={`${paths.admin}/content/guides`}>
              Guides and training
            </NavLink>
          </li>
        </ul>
      </nav>
      <Routes>
        <Route index element={<OffersPart />} />
        <Route path="guides" element={<GuidesPart />} />
      </Routes>
    </>
  );
}
