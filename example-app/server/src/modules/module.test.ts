import { describe, expect, it } from 'vitest';
import { mergeResolvers, type AppModule } from './module';

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
