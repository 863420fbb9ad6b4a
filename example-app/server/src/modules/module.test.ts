import { describe, expect, it } from 'vitest';
import { mergeResolvers, type AppModule, type Resolvers } from './module';

const brand = () => 'primary' as const;
const plans = () => [];
const me = () => null;

describe('mergeResolvers', () => {
  it('gathers the fields several modules add to one type, each module keeping its own', () => {
    const catalog: AppModule = { name: 'catalog', resolvers: { Query: { brand, plans } } };
    const members: AppModule = { name: 'members', resolvers: { Query: { me }, User: { firstName: (m) => m.user.firstName } } };
    const merged = mergeResolvers([catalog, { name: 'routes only' }, members]);
    expect(Object.keys(merged)).toEqual(['Query', 'User']);
    expect(merged.Query).toEqual({ brand, plans, me });
    expect(Object.keys(merged.User ?? {})).toEqual(['firstName']);
  });

  it('refuses a field two modules define, naming the field and the second module', () => {
    const one: AppModule = { name: 'one', resolvers: { Query: { brand } } };
    const two: AppModule = { name: 'two', resolvers: { Query: { plans, brand } } };
    expect(() => mergeResolvers([one, two])).toThrow('resolver Query.brand is defined twice (module two)');
  });
});

// These mistakes must not compile: `npm run typecheck` fails when one of them is let through (an
// unused @ts-expect-error is an error), so the schema's types keep checking the modules.
describe('Resolvers, as tsc checks a module against the schema', () => {
  it('refuses a field the schema lacks, a wrong argument, a wrong result and a parent other than the mapper', () => {
    const mistakes = [
      {
        // @ts-expect-error Query has no field brnad
        Query: { brnad: () => 'primary' as const },
      },
      {
        // @ts-expect-error Query.offer's slug is a String
        Query: { offer: (_: unknown, args: { slug: number }) => (args.slug > 0 ? null : null) },
      },
      {
        // @ts-expect-error BrandId has no value tertiary
        Query: { brand: () => 'tertiary' as const },
      },
      {
        // @ts-expect-error User's parent is the mapper's MemberAccess, which has no name
        User: { firstName: (m: { name: string }) => m.name },
      },
    ] satisfies Resolvers[];
    // At run time merging knows no schema: only the types stop these.
    const merged = mergeResolvers(mistakes.map((resolvers, i) => ({ name: `m${i}`, resolvers }) as AppModule));
    expect(Object.keys(merged.Query ?? {})).toEqual(['brnad', 'offer', 'brand']);
  });
});
