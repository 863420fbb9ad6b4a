// Admin > Members: the member list (/admin/members) and a member's page (/admin/members/:id).
import { Route, Routes } from 'react-router';
import { MemberList } from './MemberList';
import { MemberPage } from './MemberPage';

export function MembersSection() {
  return (
    <Routes>
      <Route index element={<MemberList />} />
      <Route path=":id" element={<MemberPage />} />
    </Routes>
  );
}
