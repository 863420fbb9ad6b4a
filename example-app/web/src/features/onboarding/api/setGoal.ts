// Records the goal the member chose at onboarding (an id of the brand's onboarding goals).
import type { MutationError } from '../../../components/errors';
import type { TypedDocumentString } from '@matchkit/sdk/transport';

export interface SetGoalData {
  readonly setGoal: {
    readonly ok: boolean;
    readonly error: MutationError | null;
    readonly user: { readonly goal: string | null } | null;
  };
}

export interface SetGoalVariables {
  readonly goal: string;
}

export const SetGoalMutation = `
mutation SetGoal($goal: String!) {
  setGoal(goal: $goal) {
    ok
    error { code message field }
    user { goal }
  }
}` as TypedDocumentString<SetGoalData, SetGoalVariables>;

export interface MyGoalData {
  readonly me: { readonly goal: string | null } | null;
}

/** The goal the member chose before, to preselect it. */
export const MyGoalQuery = `query MyGoal { me { goal } }` as TypedDocumentString<MyGoalData, Record<string, never>>;
