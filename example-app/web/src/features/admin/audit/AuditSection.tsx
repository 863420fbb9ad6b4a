// Admin > Audit log: every administrator's action, newest first, a page at a time, of one target
// (a member id, a payment id, an offer's or guide's slug: ?target=) when given. Each line says
// who, what, on what and when, with the state before and after as indented JSON to open. The
// log is read here, never edited (the server's table refuses it).
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMatchkitQuery } from '@matchkit/react';
import { QueryState } from '../../../components/Status';
import { Button, EmptyState, Field, Table, Td, Th } from '../../../components/ui';
import { adminDateTime } from '../format';
import { AdminAuditLogQuery, type AdminAuditLogQueryData } from '../generated/operations';
import { paths } from '../../../app/paths';
import { auditLogPath } from '../links';
import { changedKeys, prettyJson } from './json';

const AUDIT_PAGE_SIZE = 25;

type Entry = AdminAuditLogQueryData['adminAuditLog']['nodes'][number];

/** A member id (the server's ids start with their kind: u_ for a member). */
const isMemberId = (s: string) => /^u_[A-Za-z0-9_-]+$/.test(s);

export function AuditSection() {
  const [params, setParams] = useSearchParams();
  const target = params.get('target') ?? '';
  const show = (value: string) => setParams(value === '' ? {} : { target: value }, { replace: true });
  return (
    <>
      <AuditFilter key={`filter ${target}`} target={target} onFilter={show} />
      <AuditLines key={`lines ${target}`} target={target} />
    </>
  );
}

/** The target filter (a new target from a link starts it again: the key above). */
function AuditFilter({ target, onFilter }: { readonly target: string; readonly onFilter: (target: string) => void }) {
  const [draft, setDraft] = useState(target);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onFilter(draft.trim());
  };
  return (
    <form role="search" aria-label="Filter the audit log" onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-2">
      <Field
        label="Target"
        hint="A member id, a payment id or a slug; empty for every line."
        type="search"
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        autoComplete="off"
        className="min-w-72"
      />
      <Button type="submit" className="mb-4">
        Filter
      </Button>
      {target === '' ? null : (
        <Button variant="secondary" className="mb-4" onClick={() => onFilter('')}>
          Show every line
        </Button>
      )}
    </form>
  );
}

function AuditLines({ target }: { readonly target: string }) {
  const statusId = useId();
  // The cursors of the pages seen, so that "Newer" goes back (a new target starts again: the key above).
  const [cursors, setCursors] = useState<readonly (string | null)[]>([null]);
  const after = cursors[cursors.length - 1] ?? null;
  const query = useMatchkitQuery(AdminAuditLogQuery, { target: target === '' ? null : target, first: AUDIT_PAGE_SIZE, after });
  return (
    <QueryState query={query} loadingLabel="Loading the audit log…">
      {({ data: { adminAuditLog } }) =>
        adminAuditLog.nodes.length === 0 && cursors.length === 1 ? (
          <EmptyState
            title={target === '' ? 'No administrator has acted yet' : `Nothing was done to ${target}`}
            description="Every administrator's action is written here as it happens."
          />
        ) : (
          <>
            <p id={statusId} role="status" className="mt-0 text-muted">
              {target === '' ? 'Every line' : `Lines about ${target}`}, newest first, page {cursors.length}
            </p>
            <Table caption="Audit log" captionHidden tableClassName="min-w-3xl">
              <thead>
                <tr>
                  <Th>When</Th>
                  <Th>Action</Th>
                  <Th>Target</Th>
                  <Th>Administrator</Th>
                  <Th>Change</Th>
                </tr>
              </thead>
              <tbody>
                {adminAuditLog.nodes.map((e) => (
                  <AuditLine key={e.id} entry={e} />
                ))}
              </tbody>
            </Table>
            <nav aria-label="Audit log pages" className="mt-3 flex gap-2">
              <Button variant="secondary" disabled={cursors.length === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Newer
              </Button>
              <Button
                variant="secondary"
                disabled={!adminAuditLog.pageInfo.hasNextPage}
                onClick={() => setCursors((c) => [...c, adminAuditLog.pageInfo.endCursor])}
              >
                Older
              </Button>
            </nav>
          </>
        )
      }
    </QueryState>
  );
}

function AuditLine({ entry: e }: { readonly entry: Entry }) {
  const changed = changedKeys(e.before, e.after);
  return (
    <tr className="align-top">
      <Th scope="row" className="whitespace-nowrap">
        {adminDateTime(e.at)}
      </Th>
      <Td>
        <code>{e.action}</code>
      </Td>
      <Td>
        <Link to={auditLogPath(e.target)}>{e.target}</Link>
        {isMemberId(e.target) ? (
          <>
            {' '}
            (<Link to={`${paths.admin}/members/${encodeURIComponent(e.target)}`}>member</Link>)
          </>
        ) : null}
      </Td>
      <Td>
        {/* The administrator's email as it is now; their id once the account is closed. */}
        <Link to={`${paths.admin}/members/${encodeURIComponent(e.admin)}`}>{e.adminEmail ?? e.admin}</Link>
      </Td>
      <Td>
        <details>
          <summary className="cursor-pointer">
            {e.before === null ? 'Created' : changed.length === 0 ? 'Before and after' : `Changed: ${changed.join(', ')}`}
          </summary>
          <div className="mt-2 grid gap-2 md:grid-cols-2">
            <div>
              <p className="m-0 text-sm font-semibold">Before</p>
              <pre className="m-0 rounded-control bg-surface-sunken p-2 text-xs break-all whitespace-pre-wrap">{prettyJson(e.before)}</pre>
            </div>
            <div>
              <p className="m-0 text-sm font-semibold">After</p>
              <pre className="m-0 rounded-control bg-surface-sunken p-2 text-xs break-all whitespace-pre-wrap">{prettyJson(e.after)}</pre>
            </div>
          </div>
        </details>
      </Td>
    </tr>
  );
}
