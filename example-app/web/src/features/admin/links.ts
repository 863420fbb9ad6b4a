// Addresses inside the console that one section links to in another (each section is its own
// chunk: a link needs only its address, not the other section's module).
import { paths } from '../../app/paths';

/** The audit log, of one target (a member id, a payment id, a slug) when given. */
export function auditLogPath(target?: string): string {
  return target === undefined || target === '' ? `${paths.admin}/audit` : `${paths.admin}/audit?target=${encodeURIComponent(target)}`;
}
