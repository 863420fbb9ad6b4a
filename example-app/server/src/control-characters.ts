// Control characters are refused at the edge. A NUL byte reaching the database is an internal
// error there (PostgreSQL text cannot hold it), and the other C0 controls and DEL have no place in
// a name, a slug or an address: any string in a GraphQL operation (inline literals, default
// values and variables, through nested input objects and lists) and any REST query parameter that
// holds U+0000-U+001F or U+007F is refused as BAD_INPUT naming the field, before a resolver runs.
// Tab, line feed and carriage return are allowed in the fields that hold multi-line text
// (MULTILINE_TEXT): a bet's note, an offer's or a guide's body, an imported CSV.
import {
  getNamedType,
  GraphQLError,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  TypeInfo,
  typeFromAST,
  visit,
  visitWithTypeInfo,
  type ASTVisitor,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationContext,
} from 'graphql';

/**
 * The input fields (`Type.field`) and arguments (`Type.field(argument:)`) that hold multi-line text:
 * tab, line feed and carriage return are allowed in them, the other controls still are not.
 */
export const MULTILINE_TEXT: ReadonlySet<string> = new Set([
  'RecordBetInput.note',
  'BalanceEntryInput.note',
  'OfferInput.body',
  'GuideInput.body',
  'Mutation.importBets(csv:)',
]);

// eslint-disable-next-line no-control-regex -- finding control characters is this file's purpose
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The first control character `value` may not hold, as U+XXXX, or null when it holds none. */
export function forbiddenControl(value: string, multiline: boolean): string | null {
  const m = (multiline ? CONTROL_BUT_LINES : ANY_CONTROL).exec(value);
  return m === null ? null : `U+${(m[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The BAD_INPUT error for `field` holding `found`. */
export function controlCharacterError(field: string, found: string): GraphQLError {
  return new GraphQLError(`${field} must not contain control characters (found ${found}).`, {
    extensions: { code: 'BAD_INPUT', field },
  });
}

/**
 * The validation rule for the strings written in the document: literals in arguments (at any
 * depth of input objects and lists) and variables' default values. Variables' values are checked
 * by {@link variablesProblem} before execution.
 */
export function controlCharactersRule(context: ValidationContext): ASTVisitor {
  // The coordinate of the innermost argument or input field being visited, and its display name.
  const where: { coordinate: string; field: string }[] = [];
  return {
    Argument: {
      enter(node) {
        const parent = context.getParentType();
        const fieldDef = context.getFieldDef();
        const directive = context.getDirective();
        const owner =
          directive !== null && directive !== undefined ? `@${directive.name}` : `${parent?.name ?? '?'}.${fieldDef?.name ?? '?'}`;
        where.push({ coordinate: `${owner}(${node.name.value}:)`, field: node.name.value });
      },
      leave() {
        where.pop();
      },
    },
    ObjectField: {
      enter(node) {
        const parent = getNamedType(context.getParentInputType());
        where.push({ coordinate: `${parent?.name ?? '?'}.${node.name.value}`, field: node.name.value });
      },
      leave() {
        where.pop();
      },
    },
    VariableDefinition: {
      enter(node) {
        where.push({ coordinate: `$${node.variable.name.value}`, field: node.variable.name.value });
      },
      leave() {
        where.pop();
      },
    },
    StringValue(node) {
      const at = where.at(-1);
      if (at === undefined) return;
      const found = forbiddenControl(node.value, MULTILINE_TEXT.has(at.coordinate));
      if (found !== null) context.reportError(controlCharacterError(at.field, found));
    },
  };
}

/** Per document: for each variable, whether every place it is used allows multi-line text. */
const variableUses = new WeakMap<DocumentNode, Map<string, boolean>>();

function multilineVariables(schema: GraphQLSchema, document: DocumentNode): Map<string, boolean> {
  const known = variableUses.get(document);
  if (known !== undefined) return known;
  const uses = new Map<string, boolean>();
  const typeInfo = new TypeInfo(schema);
  const where: string[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument: {
        enter(node) {
          const owner = typeInfo.getDirective();
          const parent = typeInfo.getParentType();
          const field = typeInfo.getFieldDef();
          where.push(
            `${owner !== null && owner !== undefined ? `@${owner.name}` : `${parent?.name ?? '?'}.${field?.name ?? '?'}`}(${node.name.value}:)`,
          );
        },
        leave() {
          where.pop();
        },
      },
      ObjectField: {
        enter(node) {
          where.push(`${getNamedType(typeInfo.getParentInputType())?.name ?? '?'}.${node.name.value}`);
        },
        leave() {
          where.pop();
        },
      },
      Variable(node) {
        const at = where.at(-1);
        if (at === undefined) return;
        const name = node.name.value;
        uses.set(name, (uses.get(name) ?? true) && MULTILINE_TEXT.has(at));
      },
    }),
  );
  variableUses.set(document, uses);
  return uses;
}

/** The first control character in `value` (of `type`), as a field name and the character, or null. */
function valueProblem(value: unknown, type: GraphQLInputType, field: string, multiline: boolean): { field: string; found: string } | null {
  if (value === null || value === undefined) return null;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const problem = valueProblem(item, inner.ofType, field, multiline);
      if (problem !== null) return problem;
    }
    return null;
  }
  if (isInputObjectType(inner)) {
    if (typeof value !== 'object') return null;
    const fields = inner.getFields();
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      // An unknown field is refused by the coercion that follows; its name is checked here all the same.
      const name = forbiddenControl(key, false);
      if (name !== null) return { field: `${field}.${key.slice(0, 40)}`, found: name };
      const def = fields[key];
      if (def === undefined) continue;
      const problem = valueProblem(v, def.type, key, MULTILINE_TEXT.has(`${inner.name}.${key}`));
      if (problem !== null) return problem;
    }
    return null;
  }
  if (typeof value !== 'string') return null;
  const found = forbiddenControl(value, multiline);
  return found === null ? null : { field, found };
}

/**
 * The BAD_INPUT error for the first variable value of `operation` holding a control character
 * its field does not allow, or null. Checked before execution (the values are still as sent).
 */
export function variablesProblem(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode | undefined,
  variables: Readonly<Record<string, unknown>> | null | undefined,
): GraphQLError | null {
  if (operation === undefined || variables === null || variables === undefined) return null;
  const uses = multilineVariables(schema, document);
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    if (type === undefined || !(name in variables)) continue;
    const problem = valueProblem(variables[name], type, name, uses.get(name) ?? false);
    if (problem !== null) return controlCharacterError(problem.field, problem.found);
  }
  return null;
}

/** The operation `operationName` selects in `document` (or its only one). */
export function selectedOperation(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | undefined {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operationName === undefined || operationName === null) return ops.length === 1 ? ops[0] : undefined;
  return ops.find((o) => o.name?.value === operationName);
}

/** The name of the first REST query parameter (name or value) holding a control character, with the character; or null. */
export function queryParameterProblem(url: URL): { field: string; found: string } | null {
  for (const [key, value] of url.searchParams) {
    const inKey = forbiddenControl(key, false);
    if (inKey !== null) return { field: 'query parameter name', found: inKey };
    const found = forbiddenControl(value, false);
    if (found !== null) return { field: key, found };
  }
  return null;
}
