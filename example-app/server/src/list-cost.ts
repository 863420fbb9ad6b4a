// The cost of an operation counted with list sizes: each field costs 1 for every value the answer
// can hold, so a list field multiplies its subtree by its size: its page size argument (`first`),
// a declared size for the unpaged lists (the odds snapshot's), or DEFAULT_LIST_SIZE. GraphQL
// Armor's cost (plugins.ts) counts each field once whatever the list, so 15 aliases of the full
// odds snapshot (4.8 MB) passed it. The rule runs at validation, where variables are unknown: a
// page size given by a variable (or as null, the resolver's default) counts as the largest page a
// field serves.
import {
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/** Declared sizes of unpaged lists (`Type.field`): a little over what the simulated feed holds (60 events, 120 markets, 3038 back and 5880 exchange prices). */
export const LIST_SIZES: Readonly<Record<string, number>> = {
  'OddsSnapshot.events': 100,
  'OddsSnapshot.markets': 200,
  'OddsSnapshot.backPrices': 4000,
  'OddsSnapshot.exchangePrices': 8000,
  'OddsSnapshot.betBuilders': 100,
};
/** An unpaged list with no declared size. */
export const DEFAULT_LIST_SIZE = 20;
/** A page size given by a variable: the largest page any field serves. */
export const VARIABLE_PAGE_SIZE = 200;

/** The page size a field asks for: its `first` argument (literal, variable, null or default), or null when it has none. */
function pageSize(field: FieldNode, defaultFirst: unknown): number | null {
  const given = field.arguments?.find((a) => a.name.value === 'first');
  if (given !== undefined) {
    if (given.value.kind === Kind.INT) return Math.max(0, Number.parseInt(given.value.value, 10));
    // A variable is unknown here; `first: null` leaves the size to the resolver's own default:
    // count either as the largest page a field serves.
    return VARIABLE_PAGE_SIZE;
  }
  return typeof defaultFirst === 'number' ? defaultFirst : null;
}

/** The cost of `selectionSet` on `parent` (see the file's comment). */
export function selectionCost(
  schema: GraphQLSchema,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  selectionSet: SelectionSetNode,
  parent: GraphQLNamedType,
  spreading: ReadonlySet<string> = new Set(),
): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition === undefined ? parent : (schema.getType(selection.typeCondition.name.value) ?? parent);
      total += selectionCost(schema, fragments, selection.selectionSet, on, spreading);
      continue;
    }
    if (selection.kind === Kind.FRAGMENT_SPREAD) {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // An unknown or cyclic spread is the validation's own error.
      if (fragment === undefined || spreading.has(name)) continue;
      const on = schema.getType(fragment.typeCondition.name.value) ?? parent;
      total += selectionCost(schema, fragments, fragment.selectionSet, on, new Set([...spreading, name]));
      continue;
    }
    const name = selection.name.value;
    if (name.startsWith('__')) continue;
    if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
    const def = parent.getFields()[name];
    if (def === undefined) continue;
    const type = isNonNullType(def.type) ? def.type.ofType : def.type;
    const paged = pageSize(selection, def.args.find((a) => a.name === 'first')?.defaultValue);
    const size =
      paged ??
      (isListType(type) ? (LIST_SIZES[`${parent.name}.${name}`] ?? (parent.name.endsWith('Connection') ? 1 : DEFAULT_LIST_SIZE)) : 1);
    const children =
      selection.selectionSet === undefined
        ? 0
        : selectionCost(schema, fragments, selection.selectionSet, getNamedType(def.type), spreading);
    total += size * (1 + children);
  }
  return total;
}

/** The validation rule refusing an operation whose cost is over `maxCost`, naming the limit (`extensions.limit: 'maxListCost'`). */
export function listCostRule(maxCost: number): (context: ValidationContext) => ASTVisitor {
  return (context) => ({
    OperationDefinition(node) {
      const schema = context.getSchema();
      const root = schema.getRootType(node.operation);
      if (root === null || root === undefined) return;
      const fragments = new Map<string, FragmentDefinitionNode>();
      for (const d of context.getDocument().definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
      const cost = selectionCost(schema, fragments, node.selectionSet, root);
      if (cost > maxCost)
        context.reportError(
          new GraphQLError(
            `The operation's cost, counting list sizes, is ${cost}, over the limit of ${maxCost} (maxListCost): ask for fewer fields, smaller pages or fewer aliases.`,
            { nodes: node, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', limit: 'maxListCost', cost, maxCost } },
          ),
        );
    },
  });
}
