// What the accounts module accepts, field by field: the rules and messages are the sdk's
// (@matchkit/sdk/accounts), the same the web app's forms check before sending, so the browser and
// the server never disagree. A mutation reports the first bad field of its input (in the order a
// form shows them) as a BAD_INPUT payload naming the field's path (input.email, ...).
// The readers and validators are imported from the sdk where they are used; this file only turns
// their answers into the module's payloads.
import type { FieldProblem } from '@matchkit/sdk/accounts';
import { failure } from '../module';

/**
 * The BAD_INPUT payload for the first of a form's problems (the sdk's form validators give them in
 * form order). A failed check names at least one problem: none is a programming error.
 */
export function firstProblem(problems: readonly FieldProblem[]) {
  const [first] = problems;
  if (first === undefined) throw new Error('a failed form check named no problem');
  return failure('BAD_INPUT', first.message, first.field);
}
