import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands';
import * as calculators from './index';
import { calculatorRegistry, findCalculator, type CalculatorInputField } from './index';
import { calculatorInputSchemas, marginMethodSchema } from './schemas/index';

// ---------------------------------------------------------------------------------------------
// What each function really accepts, read from two independent sources: its zod/mini input schema
// (which a property test in validation.prop.test.ts holds to accept exactly what the function
// accepts) and, for functions that take plain arguments, the function's own parameter list.
// ---------------------------------------------------------------------------------------------

interface ZodLike {
  readonly _zod: {
    readonly def: {
      readonly type: string;
      readonly shape?: Readonly<Record<string, ZodLike>>;
      readonly options?: readonly ZodLike[];
      readonly innerType?: ZodLike;
      readonly values?: readonly unknown[];
      readonly element?: ZodLike;
    };
  };
}

/** A registry field without its description: what can be derived from the schema. */
interface Derived {
  readonly name: string;
  readonly kind: string;
  readonly optional: boolean;
  readonly choices?: readonly string[];
  readonly fields?: readonly Derived[];
}

const defOf = (s: ZodLike) => s._zod.def;

function unwrap(s: ZodLike): { schema: ZodLike; optional: boolean } {
  let schema = s;
  let optional = false;
  while (defOf(schema).type === 'optional') {
    optional = true;
    schema = defOf(schema).innerType as ZodLike;
  }
  return { schema, optional };
}

/** The kind, choices and nested fields of one (unwrapped) schema. */
function shapeOf(s: ZodLike): Omit<Derived, 'name' | 'optional'> {
  const d = defOf(s);
  switch (d.type) {
    case 'number':
      return { kind: 'number' };
    case 'string':
      return { kind: 'text' };
    case 'literal':
      return { kind: 'choice', choices: (d.values ?? []).map(String) };
    case 'object':
    case 'union':
      return { kind: 'object', fields: objectFields(s) };
    case 'array': {
      const element = unwrap(d.element as ZodLike).schema;
      return defOf(element).type === 'number' ? { kind: 'numbers' } : { kind: 'objects', fields: objectFields(element) };
    }
    default:
      throw new Error(`no form kind for a ${d.type} schema`);
  }
}

/**
 * The fields of an object schema, or of a union of object schemas (a field is optional when some
 * variant lacks it, makes it optional or allows only undefined; its choices are every variant's).
 */
function objectFields(s: ZodLike): Derived[] {
  const variants = defOf(s).type === 'union' ? (defOf(s).options ?? []) : [s];
  const names = [...new Set(variants.flatMap((v) => Object.keys(defOf(v).shape ?? {})))];
  return names.map((name) => {
    let optional = false;
    let shape: Omit<Derived, 'name' | 'optional'> | undefined;
    const choices = new Set<string>();
    for (const v of variants) {
      const field = defOf(v).shape?.[name];
      if (field === undefined) {
        optional = true;
        continue;
      }
      const u = unwrap(field);
      if (u.optional) optional = true;
      // Absent-only fields, and fields a variant accepts and ignores (`refund` on a non-refund bet).
      if (defOf(u.schema).type === 'undefined' || defOf(u.schema).type === 'unknown') continue;
      const here = shapeOf(u.schema);
      for (const c of here.choices ?? []) choices.add(c);
      shape ??= here;
    }
    if (shape === undefined) throw new Error(`${name} is never given a value`);
    return { name, optional, ...shape, ...(shape.kind === 'choice' ? { choices: [...choices] } : {}) };
  });
}

/** A function's parameter names, from its source (defaults stripped). */
function parameterNames(fn: (...args: never[]) => unknown): { name: string; hasDefault: boolean }[] {
  const list = /^[^(]*\(([^)]*)\)/.exec(fn.toString())?.[1] ?? '';
  return list
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => ({ name: (p.split('=')[0] as string).trim(), hasDefault: p.includes('=') }));
}

/** The schema of each plain argument of a function that does not take one input object. */
const ARGUMENT_SCHEMAS: Partial<Record<keyof typeof calculatorInputSchemas, readonly ZodLike[]>> = {
  removeMargin: [calculatorInputSchemas.removeMargin as unknown as ZodLike, marginMethodSchema as unknown as ZodLike],
};

/** The form a function's real inputs call for, derived without looking at the registry. */
function derivedForm(name: keyof typeof calculatorInputSchemas): { arguments: string; inputs: Derived[] } {
  const schema = calculatorInputSchemas[name] as unknown as ZodLike;
  const fn = calculators[name] as (...args: never[]) => unknown;
  const type = defOf(schema).type;
  if (type === 'object' || type === 'union') {
    expect(fn.length, `${name} takes one input object`).toBe(1);
    return { arguments: 'object', inputs: objectFields(schema) };
  }
  const schemas = ARGUMENT_SCHEMAS[name] ?? [schema];
  const params = parameterNames(fn);
  expect(params.length, `${name}: one schema per parameter`).toBe(schemas.length);
  return {
    arguments: 'positional',
    inputs: params.map((p, i) => {
      const u = unwrap(schemas[i] as ZodLike);
      return { name: p.name, optional: u.optional || p.hasDefault, ...shapeOf(u.schema) };
    }),
  };
}

/** A registry field without its descriptions, fields and choices in a stable order. */
function strip(f: CalculatorInputField): Derived {
  return {
    name: f.name,
    kind: f.kind,
    optional: f.optional,
    ...(f.choices ? { choices: [...f.choices].sort() } : {}),
    ...(f.fields ? { fields: f.fields.map(strip).sort((a, b) => a.name.localeCompare(b.name)) } : {}),
  };
}
const sortDerived = (d: Derived): Derived => ({
  ...d,
  ...(d.choices ? { choices: [...d.choices].sort() } : {}),
  ...(d.fields ? { fields: d.fields.map(sortDerived).sort((a, b) => a.name.localeCompare(b.name)) } : {}),
});

const allFields = (fields: readonly CalculatorInputField[]): CalculatorInputField[] =>
  fields.flatMap((f) => [f, ...allFields(f.fields ?? [])]);

describe('calculatorRegistry', () => {
  it('has one entry per advanced calculator of each brand catalogue, with the same titles', () => {
    for (const brand of [getBrand('primary'), getBrand('secondary')]) {
      expect(calculatorRegistry.map((c) => [c.slug, c.title])).toEqual(brand.calculators.map((c) => [c.slug, c.title]));
    }
  });

  it('maps every slug to functions this module exports, with one form per function in the same order', () => {
    for (const entry of calculatorRegistry) {
      expect(entry.functions.length, entry.slug).toBeGreaterThan(0);
      for (const name of entry.functions) expect(typeof calculators[name], `${entry.slug}: ${name}`).toBe('function');
      expect(
        entry.forms.map((f) => f.function),
        entry.slug,
      ).toEqual(entry.functions);
    }
  });

  it('reaches every calculator function from some page', () => {
    const reachable = new Set(calculatorRegistry.flatMap((c) => c.functions));
    const exported = Object.entries(calculators)
      .filter(([name, f]) => typeof f === 'function' && !['findCalculator', 'roundForDisplay'].includes(name))
      .map(([name]) => name);
    expect(exported.filter((name) => !reachable.has(name as never))).toEqual([]);
  });

  it('lists, for every function, exactly the inputs it accepts: names, kinds, optionality, choices and nested fields, derived from its schema and parameters', () => {
    for (const entry of calculatorRegistry) {
      for (const form of entry.forms) {
        const derived = derivedForm(form.function);
        const where = `${entry.slug}: ${form.function}`;
        expect(form.arguments, where).toBe(derived.arguments);
        if (form.arguments === 'positional') {
          // Arguments in order.
          expect(form.inputs.map(strip), where).toEqual(derived.inputs.map(sortDerived));
        } else {
          const byName = (a: Derived, b: Derived) => a.name.localeCompare(b.name);
          expect(form.inputs.map(strip).sort(byName), where).toEqual(derived.inputs.map(sortDerived).sort(byName));
        }
      }
    }
  });

  it('describes every input in words, and a choice names each of its choices', () => {
    for (const entry of calculatorRegistry) {
      expect(entry.description.length).toBeGreaterThan(20);
      for (const form of entry.forms) {
        for (const input of allFields(form.inputs)) {
          const where = `${entry.slug}: ${form.function}.${input.name}`;
          expect(input.description, where).not.toBe(input.name);
          expect(input.description.length, where).toBeGreaterThan(5);
          for (const choice of input.choices ?? []) expect(input.description, `${where} names ${choice}`).toContain(choice);
        }
      }
    }
  });

  it('labels every input and every figure, once per form, and gives every number input a unit or none on purpose', () => {
    // Plain numbers: American odds are read as written (+138, -200).
    const unitless = new Set(['american']);
    for (const entry of calculatorRegistry) {
      for (const form of entry.forms) {
        const where = `${entry.slug}: ${form.function}`;
        expect(form.title.length, where).toBeGreaterThan(3);
        for (const input of allFields(form.inputs)) {
          expect(input.label, `${where}.${input.name}`).toMatch(/^[A-Z]/);
          const numeric = input.kind === 'number' || input.kind === 'numbers';
          expect(input.unit !== undefined, `${where}.${input.name} has a unit`).toBe(numeric && !unitless.has(input.name));
        }
        const labels = form.results.map((r) => r.label);
        expect(new Set(labels).size, where).toBe(labels.length);
        for (const label of labels) expect(label, where).toMatch(/^[A-Z]/);
      }
    }
  });

  it('runs every worked example, and its figures are exactly the results the form lists (money in whole pence)', () => {
    for (const entry of calculatorRegistry) {
      for (const form of entry.forms) {
        const where = `${entry.slug}: ${form.function}`;
        expect(form.example.note, where).toMatch(/^[A-Z£0-9].*\.$/);
        const args = form.example.args;
        expect(args.length, where).toBeGreaterThan(0);
        const run = calculators[form.function] as (...a: readonly unknown[]) => unknown;
        const result = run(...args);
        if (typeof result === 'object' && result !== null && !Array.isArray(result)) {
          expect(form.results.map((r) => r.name).sort(), where).toEqual(Object.keys(result).sort());
          for (const r of form.results) {
            const value = (result as Record<string, unknown>)[r.name];
            expect(r.item !== undefined, `${where}.${r.name} is a list`).toBe(Array.isArray(value));
          }
        } else {
          expect(
            form.results.map((r) => r.name),
            where,
          ).toEqual(['']);
          expect(form.results[0]?.item !== undefined, `${where} is a list`).toBe(Array.isArray(result));
        }
        // Money in the example is in whole pence.
        const input =
          form.arguments === 'object'
            ? (args[0] as Record<string, unknown>)
            : Object.fromEntries(form.inputs.map((f, i) => [f.name, args[i]]));
        const moneyIn = (fields: readonly CalculatorInputField[], value: Record<string, unknown>): unknown[] =>
          fields.flatMap((f) => {
            const v = value[f.name];
            if (v === undefined) return [];
            if (f.kind === 'object') return moneyIn(f.fields ?? [], v as Record<string, unknown>);
            if (f.kind === 'objects') return (v as Record<string, unknown>[]).flatMap((o) => moneyIn(f.fields ?? [], o));
            return f.unit === 'money' ? [v].flat() : [];
          });
        for (const m of moneyIn(form.inputs, input)) expect(Number.isInteger(m), `${where}: ${String(m)} pence`).toBe(true);
      }
    }
  });

  it('is plain data, frozen all the way down', () => {
    const frozen = (x: unknown): boolean => typeof x !== 'object' || x === null || (Object.isFrozen(x) && Object.values(x).every(frozen));
    expect(frozen(calculatorRegistry)).toBe(true);
    expect(JSON.parse(JSON.stringify(calculatorRegistry))).toEqual(calculatorRegistry);
  });

  it('finds an entry by slug', () => {
    expect(findCalculator('dutching-calculator')?.functions).toEqual(['dutch']);
    expect(findCalculator('nope')).toBeUndefined();
  });
});
