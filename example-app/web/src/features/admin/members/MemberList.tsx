// Admin > Members: find members by email or username, a segment (with how many members are in
// each) and a member filter type (the sdk's rules, applied by the server); a page of results at a
// time. The search, segment and filter are in the address, so a member's page and back keeps them.
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useBrand, useMatchkitQuery } from '@matchkit/react';
import { paths } from '../../../app/paths';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, Field, SelectField, Table, Td, Th } from '../../../components/ui';
import { AdminMembersQuery, MemberFilterTypesQuery, MemberSegmentsQuery, type GqlMemberFilterInput } from '../generated/operations';
import { adminDate, tierLabel } from '../format';

/** Members a page. */
export const MEMBERS_PAGE_SIZE = 20;

/** The page of a member in the console. */
export function adminMemberPath(id: string): string {
  return `${paths.admin}/members/${encodeURIComponent(id)}`;
}

export function MemberList() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const segment = params.get('segment') ?? '';
  const filterType = params.get('filter') ?? '';
  const [draft, setDraft] = useState(search);
  const segments = useMatchkitQuery(MemberSegmentsQuery);
  const types = useMatchkitQuery(MemberFilterTypesQuery);
  const set = (name: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === '') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set('q', draft.trim());
  };
  const filter: GqlMemberFilterInput = {
    search: search === '' ? null : search,
    segment: segment === '' ? null : segment,
    filterType: filterType === '' ? null : filterType,
  };
  return (
    <>
      <form
        role="search"
        aria-label="Find members"
        onSubmit={submit}
        className="mb-4 grid items-end gap-x-4 gap-y-2 md:grid-cols-[2fr_1fr_1fr_auto]"
      >
        <Field
          grid
          label="Email or username"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          autoComplete="off"
        />
        <SelectField grid label="Segment" value={segment} onChange={(e) => set('segment', e.currentTarget.value)}>
          <option value="">All members</option>
          {(segments.data?.data.memberSegments ?? []).map((s) => (
            <option key={s.segment} value={s.segment}>
              {s.label} ({s.count})
            </option>
          ))}
        </SelectField>
        <SelectField grid label="Filter type" value={filterType} onChange={(e) => set('filter', e.currentTarget.value)}>
          <option value="">Any</option>
          {(types.data?.data.memberFilterTypes ?? []).map((f) => (
            <option key={f.id} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <div className="row-span-4 grid grid-rows-subgrid">
          <Button type="submit" className="row-start-2">
            Search
          </Button>
        </div>
      </form>
      <MemberResults key={JSON.stringify(filter)} filter={filter} segmentLabels={segments.data?.data.memberSegments ?? []} />
    </>
  );
}

function MemberResults({
  filter,
  segmentLabels,
}: {
  readonly filter: GqlMemberFilterInput;
  readonly segmentLabels: readonly { readonly segment: string; readonly label: string }[];
}) {
  const brand = useBrand();
  const statusId = useId();
  // The cursors of the pages seen, so that "Previous page" goes back (a new filter starts again: the key above).
  const [cursors, setCursors] = useState<readonly (string | null)[]>([null]);
  const after = cursors[cursors.length - 1] ?? null;
  const query = useMatchkitQuery(AdminMembersQuery, { filter, first: MEMBERS_PAGE_SIZE, after });
  const label = (s: string | null) => (s === null ? '—' : (segmentLabels.find((x) => x.segment === s)?.label ?? s));
  return (
    <QueryState query={query} loadingLabel="Loading members…">
      {({ data: { adminMembers } }) =>
        adminMembers.totalCount === 0 ? (
          <EmptyState title="No members match" description="Try another search, segment or filter type." />
        ) : (
          <>
            <p id={statusId} role="status" className="mt-0 text-muted">
              {adminMembers.totalCount === 1 ? '1 member' : `${adminMembers.totalCount} members`}
              {cursors.length > 1 || adminMembers.pageInfo.hasNextPage ? `, page ${cursors.length}` : ''}
            </p>
            <Table caption="Members" captionHidden tableClassName="min-w-2xl">
              <thead>
                <tr>
                  <Th>Email</Th>
                  <Th>Username</Th>
                  <Th>Segment</Th>
                  <Th>Tier</Th>
                  <Th>Joined</Th>
                </tr>
              </thead>
              <tbody>
                {adminMembers.nodes.map((m) => (
                  <tr key={m.id}>
                    <Th scope="row">
                      <Link to={adminMemberPath(m.id)}>{m.email}</Link>
                    </Th>
                    <Td>{m.username}</Td>
                    <Td>{label(m.segment)}</Td>
                    <Td>{tierLabel(brand, m.tier)}</Td>
                    <Td>{adminDate(m.joinedAt)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <nav aria-label="Member pages" className="mt-3 flex gap-2">
              <Button variant="secondary" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous page
              </Button>
              <Button
                variant="secondary"
                disabled={!adminMembers.pageInfo.hasNextPage}
                onClick={() => setCursors((c) => [...c, adminMembers.pageInfo.endCursor])}
              >
                Next page
              </Button>
            </nav>
          </>
        )
      }
    </QueryState>
  );
}
