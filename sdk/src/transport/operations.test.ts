import {
  GraphQLEnumType,
  type GraphQLInputObjectType,
  GraphQLObjectType,
  buildSchema,
  execute,
  getNamedType,
  isNonNullType,
  parse,
  validate,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { getBrand } from '../brands';
import { isValidationError } from '../errors/errors';
import { TRACKER_CSV_COLUMNS, balanceSheet, exportBetsCsv, importBetsCsv, settleBet, type TrackedBetInput } from '../tracker';
import { grantedCapabilities } from '../entitlements';
import * as transport from '../transport';
import {
  BalanceSheetQuery,
  ImportBetsMutation,
  PlansQuery,
  PurchasePlanMutation,
  SetAccountMutation,
  SettleBetMutation,
  platformOperations,
} from '../transport';
import { platformSchemaSDL } from './test-servers';

// The typed operations are generated (npm run codegen) from sdk/src/transport/operations/*.graphql
// against the server's schema: these tests keep them valid against it and in step with the
// spec's entities (section 3). The operations are typed strings (nothing is parsed when the
// module is imported): the parsing happens here, in the test.

const schema = buildSchema(platformSchemaSDL);

function operationOf(text: string): OperationDefinitionNode {
  const ops = parse(text).definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  expect(ops.length).toBe(1);
  return ops[0] as OperationDefinitionNode;
}

function fieldsOf(type: string): string[] {
  const t = schema.getType(type);
  if (!(t instanceof GraphQLObjectType)) throw new Error(`${type} is not an object type`);
  return Object.keys(t.getFields());
}

describe('the platform schema', () => {
  it('has the User fields of spec section 3', () => {
    expect(fieldsOf('User')).toEqual(
      expect.arrayContaining([
        'uid',
        'firstName',
        'lastName',
        'username',
        'email',
        'capabilities',
        'additionalCapabilities',
        'subscription',
        'billing',
        'referAFriend',
        'integrations',
      ]),
    );
    expect(fieldsOf('UserIds')).toEqual(['global', 'wordpress']);
    expect(fieldsOf('MemberSubscription')).toContain('billingTerm');
    expect(fieldsOf('ReferAFriend')).toEqual(['referralCode']);
  });

  it('has the Plan, Sale, Tool and Exchange fields of spec section 3', () => {
    expect(fieldsOf('Plan')).toEqual(expect.arrayContaining(['name', 'label', 'capability', 'details', 'paymentFormUrl', 'price']));
    expect(fieldsOf('PlanPrice')).toEqual(['firstMonth', 'monthly', 'yearly']);
    expect(fieldsOf('Sale')).toEqual(
      expect.arrayContaining([
        'startDate',
        'endDate',
        'paymentLinkUniqParam',
        'termsAndConditionsUrl',
        'creatives',
        'salePageSections',
        'plans',
      ]),
    );
    expect(fieldsOf('Creative')).toEqual(['src', 'alt', 'width', 'height']);
    expect(fieldsOf('SalePageSections')).toEqual(['title', 'description', 'countdown', 'plansComparison', 'trustpilot', 'testimonials']);
    expect(fieldsOf('SalePlan')).toEqual(['plan', 'yearly', 'paymentLink']);
    expect(fieldsOf('Tool')).toEqual(
      expect.arrayContaining([
        'title',
        'shortTitle',
        'slug',
        'guideUrl',
        'showProfitTrackerButton',
        'profitTrackerSource',
        'capability',
        'profitTrackerTotalsEndpoint',
        'profitTrackerTotalsParams',
      ]),
    );
    expect(fieldsOf('Exchange')).toEqual(['name', 'displayName', 'imageSrc', 'hasIntegration', 'enabledByDefault']);
    expect(fieldsOf('ExchangeProvider')).toEqual(
      expect.arrayContaining(['name', 'apiName', 'displayName', 'url', 'capabilities', 'isLockBetProvided', 'isLayThePlaceBetProvided']),
    );
  });

  it('has exactly the profit types of the spec', () => {
    const t = schema.getType('ProfitType');
    expect(t).toBeInstanceOf(GraphQLEnumType);
    expect((t as GraphQLEnumType).getValues().map((v) => v.name)).toEqual(['guaranteed', 'potential', 'training', 'ev']);
  });

  it('types every money field as Pence (integer pence), never Float', () => {
    const money =
      /price|amount|stake|profit|staked|balance|revenue|commission$|earn|total$|pending$|paid$|yearly|monthly|firstMonth|deposits|withdrawals|bonuses|net|liquidity|guaranteed|potential|training|^ev$/i;
    const notMoney = new Set([
      'LayPrice.commission',
      'FeedExchangePrice.commission',
      'ExchangeCommission.commission',
      'TrackedLeg.commission',
      'AffiliateEarnings.commissionRate',
      'Query.trackerTotals',
      'ProfitTotals.betCount',
    ]);
    const checked: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!(type instanceof GraphQLObjectType) || type.name.startsWith('__') || ['Query', 'Mutation', 'Subscription'].includes(type.name))
        continue;
      for (const field of Object.values(type.getFields())) {
        const key = `${type.name}.${field.name}`;
        const named = getNamedType(field.type).name;
        if (!money.test(field.name) || notMoney.has(key) || !['Int', 'Float', 'Pence'].includes(named)) continue;
        checked.push(key);
        expect(named, key).toBe('Pence');
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'PlanPrice.monthly',
        'Purchase.amount',
        'TrackedLeg.stake',
        'ProfitTotals.profit',
        'AffiliateMonth.commission',
      ]),
    );
  });
});

describe('the typed operations', () => {
  // Every exported string that parses as a GraphQL document with an operation in it.
  const hasOperation = (text: string): boolean => {
    try {
      return parse(text).definitions.some((d) => d.kind === 'OperationDefinition');
    } catch {
      return false;
    }
  };
  const exported = Object.entries(transport).filter((e): e is [string, string] => typeof e[1] === 'string' && hasOperation(e[1]));

  it('are all listed in platformOperations', () => {
    expect(exported.map(([name]) => name).sort()).toEqual(Object.keys(platformOperations).sort());
    expect(exported.length).toBeGreaterThanOrEqual(20);
  });

  it.each(Object.entries(platformOperations))('%s is valid against the platform schema', (_name, doc) => {
    expect(validate(schema, parse(doc)).map((e) => e.message)).toEqual([]);
  });

  it.each(Object.entries(platformOperations))('%s is named after its one operation and its type', (name, doc) => {
    const op = operationOf(doc);
    const suffix = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' }[op.operation];
    expect(name).toBe(`${op.name?.value ?? ''}${suffix}`);
  });

  it('cover users and auth, plans and purchases, sales, tools, exchanges, offers, guides, tracker, balance sheet, referrals and odds', () => {
    const roots = new Set(
      Object.values(platformOperations).flatMap((doc) =>
        operationOf(doc).selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : [])),
      ),
    );
    for (const field of [
      'me',
      'login',
      'logout',
      'plans',
      'purchasePlan',
      'sales',
      'activeSale',
      'tools',
      'myTools',
      'exchanges',
      'exchangeProviders',
      'setExchangeEnabled',
      'offers',
      'guides',
      'trackedBets',
      'trackerTotals',
      'recordBet',
      'balanceSheet',
      'referrals',
      'affiliateEarnings',
      'oddsUpdated',
    ]) {
      expect(roots, field).toContain(field);
    }
  });

  it('are immutable: primitive strings, which no consumer can alter for the others', () => {
    for (const doc of Object.values(platformOperations)) {
      expect(typeof doc).toBe('string');
      expect(Object.isFrozen(doc)).toBe(true);
    }
  });

  it('PlansQuery serves the brand catalogue through the schema: prices arrive as integer pence', async () => {
    const plans = getBrand('primary').plans.map((p) => ({
      ...p,
      details: Object.entries(p.details).map(([key, included]) => ({ key, included })),
    }));
    const result = await execute({ schema, document: parse(PlansQuery), rootValue: { plans } });
    expect(result.errors).toBeUndefined();
    const data = result.data as unknown as transport.PlansQueryData;
    // Spec section 9, first brand: 39.99, 49.99, 150 and 165 a month; 350, 450, 995 and 1499 a year.
    expect(data.plans.map((p) => [p.price.monthly, p.price.yearly])).toEqual([
      [3999, 35_000],
      [4999, 45_000],
      [15_000, 99_500],
      [16_500, 149_900],
    ]);
  });

  it("PurchasePlanMutation's result carries the sdk's granted capabilities", async () => {
    const granted = grantedCapabilities('primary', 'diamond');
    const user = {
      uid: { global: 'u', wordpress: null },
      firstName: 'A',
      lastName: 'B',
      username: 'ab',
      email: 'a@b.c',
      capabilities: granted,
      additionalCapabilities: [],
      subscription: null,
      billing: null,
      referAFriend: { referralCode: 'AB' },
      integrations: [],
    };
    const purchase = {
      id: 'p1',
      plan: 'diamond',
      billingTerm: 'month',
      amount: 4999,
      saleId: null,
      purchasedAt: '2025-08-12T10:00:00Z',
      grantedCapabilities: granted,
    };
    const result = await execute({
      schema,
      document: parse(PurchasePlanMutation),
      rootValue: { purchasePlan: () => ({ purchase, user }) },
      variableValues: { input: { plan: 'diamond', billingTerm: 'month', paymentToken: 'tok' } },
    });
    expect(result.errors).toBeUndefined();
    const data = result.data as unknown as transport.PurchasePlanMutationData;
    expect(data.purchasePlan.purchase.grantedCapabilities).toContain('PA-CAP-051');
    expect(data.purchasePlan.user.capabilities).toEqual(granted);
  });

  it('TrackedLeg has the fields of the tracker’s legs, and TrackedBet its bet fields (legs, not a single back/lay)', () => {
    expect(fieldsOf('TrackedLeg')).toEqual(['role', 'side', 'account', 'odds', 'stake', 'commission', 'freeBet', 'result', 'market']);
    const csvBetColumns = TRACKER_CSV_COLUMNS.slice(0, 12).map((c) =>
      c.replace(/_pence$/, '').replace(/_([a-z])/g, (_m, l: string) => l.toUpperCase()),
    );
    expect(fieldsOf('TrackedBet')).toEqual([
      'id',
      'source',
      'profitType',
      'status',
      'event',
      'market',
      'selection',
      'legs',
      'expectedProfit',
      'settledProfit',
      'placedAt',
      'settledAt',
      'note',
    ]);
    expect(csvBetColumns.map((c) => (c === 'betId' ? 'id' : c)).sort()).toEqual(
      fieldsOf('TrackedBet')
        .filter((f) => f !== 'legs')
        .sort(),
    );
  });

  it("SettleBetMutation's result carries the sdk's settled profit", async () => {
    const stored: TrackedBetInput = {
      id: 'b1',
      source: 'oddsmatcher',
      profitType: 'guaranteed',
      status: 'open',
      event: 'Arsenal v Spurs',
      market: 'Match Odds',
      selection: 'Arsenal',
      legs: [
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
        { role: 'qualifying', side: 'lay', account: 'smarkets', odds: 3.2, stake: 943, commission: 0.02, result: 'pending' },
      ],
      expectedProfit: -75,
      placedAt: Date.UTC(2025, 7, 11, 12),
    };
    const settleBetResolver = ({ input }: { input: { results: transport.GqlTrackedLeg['result'][]; settledAt: string } }) => {
      const bet = settleBet(stored, { at: new Date(input.settledAt), results: input.results });
      return {
        ...bet,
        placedAt: new Date(bet.placedAt).toISOString(),
        settledAt: bet.settledAt === null ? null : new Date(bet.settledAt).toISOString(),
      };
    };
    const result = await execute({
      schema,
      document: parse(SettleBetMutation),
      rootValue: { settleBet: settleBetResolver },
      variableValues: { input: { id: 'b1', results: ['lost', 'won'], settledAt: '2025-08-11T17:00:00Z' } },
    });
    expect(result.errors).toBeUndefined();
    const data = result.data as unknown as transport.SettleBetMutationData;
    expect([data.settleBet.status, data.settleBet.settledProfit, data.settleBet.legs.map((l) => l.result)]).toEqual([
      'settled',
      -76,
      ['lost', 'won'],
    ]);
  });

  it("BalanceSheetQuery serves the tracker's balance sheet: accounts with their restricted flag, and its totals", async () => {
    const sheet = balanceSheet({
      accounts: [
        { name: 'bet-co', kind: 'bookmaker', restricted: true },
        { name: 'smarkets', kind: 'exchange' },
      ],
      entries: [{ id: 'e1', account: 'smarkets', kind: 'adjustment', amount: -14, at: Date.UTC(2025, 7, 1) }],
      bets: [],
    });
    const result = await execute({
      schema,
      document: parse(BalanceSheetQuery),
      rootValue: { balanceSheet: { accounts: sheet.accounts, entries: [], totals: sheet.totals } },
    });
    expect(result.errors).toBeUndefined();
    const data = result.data as unknown as transport.BalanceSheetQueryData;
    expect(data.balanceSheet.accounts).toEqual([
      { account: 'bet-co', kind: 'bookmaker', displayName: 'bet-co', restricted: true, balance: 0 },
      { account: 'smarkets', kind: 'exchange', displayName: 'Smarkets', restricted: false, balance: -14 },
    ]);
    expect(data.balanceSheet.totals).toEqual(sheet.totals);
  });

  it('TrackedLegInput takes the leg market key; role stays a String (a GraphQL enum cannot spell free-bet)', () => {
    const input = schema.getType('TrackedLegInput') as GraphQLInputObjectType;
    expect(Object.keys(input.getFields())).toEqual([
      'role',
      'side',
      'account',
      'odds',
      'stake',
      'commission',
      'freeBet',
      'result',
      'market',
    ]);
    expect(String(input.getFields()['role']?.type)).toBe('String!');
    expect(String(input.getFields()['market']?.type)).toBe('String');
  });

  it('ImportBetsMutation: a server resolving it with importBetsCsv answers the count, or every bad value by line and column', async () => {
    const bet: TrackedBetInput = {
      id: 'b1',
      source: 'oddsmatcher',
      profitType: 'guaranteed',
      status: 'open',
      event: 'Arsenal v Spurs',
      market: 'Match Odds',
      selection: 'Arsenal',
      legs: [
        { role: 'qualifying', side: 'back', account: 'bet-co', odds: 3, stake: 1000, result: 'pending' },
        {
          role: 'qualifying',
          side: 'lay',
          account: 'smarkets',
          odds: 3.2,
          stake: 943,
          commission: 0.02,
          result: 'pending',
          market: 'match-odds',
        },
      ],
      expectedProfit: -75,
      placedAt: Date.UTC(2025, 7, 11, 12),
    };
    const importBets = ({ csv }: { csv: string }) => {
      try {
        return { imported: importBetsCsv('primary', csv).length, errors: [] };
      } catch (e) {
        if (!isValidationError(e)) throw e;
        const errors = e.issues.map((i) => {
          const m = /^line (\d+)(?:\.(.+))?$/.exec(i.path);
          return { line: Number(m?.[1] ?? 0), column: m?.[2] ?? null, message: i.message };
        });
        return { imported: 0, errors };
      }
    };
    const run = async (csv: string) => {
      const result = await execute({ schema, document: parse(ImportBetsMutation), rootValue: { importBets }, variableValues: { csv } });
      expect(result.errors).toBeUndefined();
      return (result.data as unknown as transport.ImportBetsMutationData).importBets;
    };
    const csv = exportBetsCsv([bet]);
    expect(await run(csv)).toEqual({ imported: 1, errors: [] });
    expect(await run(csv.replace(',3.2,9.43,', ',evens,9.43,'))).toEqual({
      imported: 0,
      errors: [{ line: 3, column: 'odds', message: 'must be a decimal number, such as 3.25' }],
    });
  });

  it('SetAccountMutation sets an account’s kind, and its restricted flag optionally', () => {
    const input = schema.getType('AccountInput') as GraphQLInputObjectType;
    expect(Object.entries(input.getFields()).map(([k, f]) => [k, String(f.type)])).toEqual([
      ['account', 'String!'],
      ['kind', 'AccountKind!'],
      ['restricted', 'Boolean'],
    ]);
    expect(validate(schema, parse(SetAccountMutation))).toEqual([]);
  });

  it('requires the inputs the server needs (non-null arguments)', () => {
    const purchase = schema.getMutationType()?.getFields().purchasePlan;
    expect(purchase?.args.map((a) => [a.name, isNonNullType(a.type)])).toEqual([['input', true]]);
  });
});
