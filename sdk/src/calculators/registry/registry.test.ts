import { describe, expect, it } from 'vitest';
import { getBrand } from '../../brands';
import * as calculators from '../index';
import { calculatorRegistry, findCalculator, type CalculatorInputField } from './index';
import { isValidationError } from '../../errors/errors';

// ---------------------------------------------------------------------------------------------
// What each function really accepts, read from the function itself rather than from its schema
// (which the registry's forms are read from): its parameter list, and what its validation says
// about an empty input and about an input whose every field is junk.
// ---------------------------------------------------------------------------------------------

/** The paths and messages of the validation error `run` throws. */
function issuesOf(run: () => unknown): { path: string; message: string }[] {
  try {
    run();
  } catch (e) {
    if (isValidationError(e)) return e.issues.map((i) => ({ path: i.path, message: i.message }));
    throw e;
  }
  throw new Error('accepted');
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
      .filter(([name, f]) => typeof f === 'function' && name !== 'roundForDisplay')
      .map(([name]) => name);
    expect(exported.filter((name) => !reachable.has(name as never))).toEqual([]);
  });

  it('lists, for every function, exactly the inputs it accepts and which of them it requires, read from the function', () => {
    const junk = Symbol('junk');
    for (const entry of calculatorRegistry) {
      for (const form of entry.forms) {
        const where = `${entry.slug}: ${form.function}`;
        const fn = calculators[form.function] as (...args: unknown[]) => unknown;
        const names = form.inputs.map((i) => i.name);
        if (form.arguments === 'positional') {
          const params = parameterNames(fn);
          expect(names, where).toEqual(params.map((p) => p.name));
          // A parameter with a default may be left out; every one is checked (junk is refused by name).
          expect(
            form.inputs.map((i) => i.optional),
            where,
          ).toEqual(params.map((p) => p.hasDefault));
          expect(
            issuesOf(() => fn(...names.map(() => junk))).map((i) => i.path),
            where,
          ).toEqual(names);
          continue;
        }
        expect(fn.length, `${where} takes one input object`).toBe(1);
        // Every field named, and no other, is read: junk in each is refused at its own path, never as an unknown key.
        // (Refund terms are read only for a refund bet: junk refund terms go with betType 'refund'.)
        const refundBet = names.includes('refund') && form.inputs.some((i) => i.name === 'betType' && i.choices?.includes('refund'));
        const refused = issuesOf(() =>
          fn({ ...Object.fromEntries(names.map((n) => [n, junk])), ...(refundBet ? { betType: 'refund' } : {}) }),
        );
        for (const name of names.filter((n) => !(refundBet && n === 'betType')))
          expect(
            refused.map((i) => i.path),
            `${where}.${name}`,
          ).toContain(name);
        expect(
          refused.filter((i) => i.message.startsWith('is not a field')),
          where,
        ).toEqual([]);
        // The required ones are exactly those the form does not mark optional.
        const required = issuesOf(() => fn({})).filter((i) => i.message === 'is required');
        expect(required.map((i) => i.path).sort(), where).toEqual(
          form.inputs
            .filter((i) => !i.optional)
            .map((i) => i.name)
            .sort(),
        );
        // A choice accepts exactly its choices.
        for (const input of form.inputs.filter((i) => i.choices !== undefined && !(refundBet && i.name === 'betType'))) {
          const message = refused.find((i) => i.path === input.name)?.message;
          expect(message, `${where}.${input.name}`).toBe(`must be one of ${(input.choices ?? []).map((c) => `'${c}'`).join(', ')}`);
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
