// What the accounts module accepts, field by field: the rules and messages are the sdk's
// (@matchkit/sdk/accounts), the same the web app's forms check before sending, so the browser and
// the server never disagree. A mutation reports the first bad field of its input (in the order a
// form shows them) as a BAD_INPUT payload naming the field's path (input.email, ...).
// The readers and validators are imported from the sdk where they are used; this file only turns
// their answers into the module's payloads.
import type { Checked, FieldProblem } from '@matchkit/sdk/accounts';
import { failure } from '../module';

/** The BAD_INPUT payload for the first bad field of `checks` (field paths as keys), or null when all are good. */
export function firstBadField(checks: Readonly<Record<string, Checked<unknown>>>) {
  for (const [field, check] of Object.entries(checks)) {
    if (!check.ok) return failure('BAD_INPUT', check.message, field);
  }
  return null;
}

/** The BAD_INPUT payload for the first of a form's problems (the sdk's form validators give them in form order). */
export function firstProblem(problems: readonly FieldProblem[]) {
  const [first] = problems;
  return first === undefined ? null : failure('BAD_INPUT', first.message, first.field);
}
