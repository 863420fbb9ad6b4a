// The odds alerts' queries and mutations. Saving needs a plan that includes the tool (the sdk's
// availableTools, checked here on the server) and a rule the sdk's parseOddsAlertRule accepts; a
// bad rule changes nothing and names the field. Each change, once committed, is handed to this
// process's runner (`onChange`), which applies it and tells the other processes.
import { and, count, eq } from 'drizzle-orm';
import { isValidationError } from '@matchkit/sdk/errors';
import { isMoneyAlertTool } from '@matchkit/app-contract';
import { parseMoneyAlertRule, parseOddsAlertRule, type AlertRule } from '@matchkit/sdk/matching';
import type { MutationDeleteOddsAlertArgs, MutationSaveOddsAlertArgs, MutationSetOddsAlertPausedArgs } from '../../generated/resolvers';
import type { RequestContext } from '../../kernel';
import { oddsAlerts, users } from '../../db/schema';
import { newId } from '../../ids';
import { requireMember } from '../members/access';
import { failure } from '../module';
import { ALERT_TOOLS, MAX_ALERTS, alertView, mayWatch, memberAlert, memberAlerts, memberMatches, type AlertRow } from './alerts';

/** What the evaluator is told of a change: the alert as it now is, or its id when it is gone. */
export type AlertChange = { readonly saved: AlertRow } | { readonly deleted: string };

const noAlert = { alert: null };

export function alertResolvers(onChange: (change: AlertChange) => Promise<void>) {
  async function myOddsAlerts(_: unknown, __: unknown, ctx: RequestContext) {
    const access = await requireMember(ctx);
    return (await memberAlerts(ctx.db, access.user.id)).map((row) => alertView(ctx.brand, row));
  }

  async function myOddsAlertMatches(_: unknown, __: unknown, ctx: RequestContext) {
    const access = await requireMember(ctx);
    return memberMatches(ctx.db, ctx.brand, access.user.id);
  }

  async function saveOddsAlert(_: unknown, { input }: MutationSaveOddsAlertArgs, ctx: RequestContext) {
    const access = await requireMember(ctx);
    if (!ALERT_TOOLS.includes(input.tool))
      return {
        ...failure(
          'BAD_INPUT',
          'Alerts can watch the oddsmatcher, the price boost tracker, the 2UP matcher, the each-way catcher and the extra place catcher.',
          'input.tool',
        ),
        ...noAlert,
      };
    if (!mayWatch(ctx.brand, access.entitled, input.tool))
      return { ...failure('FORBIDDEN', 'Your plan does not include this tool.', 'input.tool'), ...noAlert };
    const name = input.name.trim();
    if (name === '' || name.length > 60)
      return { ...failure('BAD_INPUT', 'Give the alert a name of 1 to 60 characters.', 'input.name'), ...noAlert };
    const commissions: Record<string, number> = {};
    for (const [i, c] of (input.commissions ?? []).entries()) {
      if (Object.hasOwn(commissions, c.exchange))
        return { ...failure('BAD_INPUT', 'Give each exchange’s commission once.', `input.commissions.${i}.exchange`), ...noAlert };
      commissions[c.exchange] = c.commission;
    }
    let rule: AlertRule;
    try {
      const filters = {
        bookmaker: input.bookmaker ?? undefined,
        sport: input.sport ?? undefined,
        withinHours: input.withinHours ?? undefined,
        minLiquidity: input.minLiquidity ?? undefined,
        commissions: Object.keys(commissions).length === 0 ? undefined : commissions,
      };
      // A tool ranked by money takes a profit on a stake, the others a rating: every threshold
      // given is passed on, so the sdk's parser names one of the other kind as a field it does not take.
      const thresholds = Object.fromEntries(
        Object.entries({ minRating: input.minRating, minProfit: input.minProfit, stake: input.stake }).filter(
          ([, value]) => value !== null && value !== undefined,
        ),
      );
      rule = isMoneyAlertTool(input.tool)
        ? parseMoneyAlertRule({ ...thresholds, ...filters })
        : parseOddsAlertRule({ ...thresholds, ...filters });
    } catch (error) {
      if (!isValidationError(error)) throw error;
      const first = error.issues[0];
      return {
        ...failure('BAD_INPUT', error.message, first === undefined || first.path === '' ? null : `input.${first.path}`),
        ...noAlert,
      };
    }
    const userId = access.user.id;
    // Count and insert under the member's row lock: parallel saves take their turn, so the limit holds.
    const saved = await ctx.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [held] = await tx.select({ n: count() }).from(oddsAlerts).where(eq(oddsAlerts.userId, userId));
      if ((held?.n ?? 0) >= MAX_ALERTS) return null;
      const [row] = await tx
        .insert(oddsAlerts)
        .values({ id: newId('oa'), userId, tool: input.tool, name, rule: { ...rule }, createdAt: new Date(ctx.now) })
        .returning();
      if (row === undefined) throw new Error('odds alert not saved');
      return row;
    });
    if (saved === null)
      return { ...failure('BAD_INPUT', `You can keep at most ${MAX_ALERTS} alerts: delete one first.`, null), ...noAlert };
    await onChange({ saved });
    return { ok: true, error: null, alert: alertView(ctx.brand, saved) };
  }

  async function setOddsAlertPaused(_: unknown, { id, paused }: MutationSetOddsAlertPausedArgs, ctx: RequestContext) {
    const access = await requireMember(ctx);
    const [saved] = await ctx.db
      .update(oddsAlerts)
      .set({ paused })
      .where(and(eq(oddsAlerts.userId, access.user.id), eq(oddsAlerts.id, id)))
      .returning();
    if (saved === undefined) return { ...failure('NOT_FOUND', 'You have no alert with this id.', 'id'), ...noAlert };
    await onChange({ saved });
    return { ok: true, error: null, alert: alertView(ctx.brand, saved) };
  }

  async function deleteOddsAlert(_: unknown, { id }: MutationDeleteOddsAlertArgs, ctx: RequestContext) {
    const access = await requireMember(ctx);
    const row = await memberAlert(ctx.db, access.user.id, id);
    if (row === null) return { ...failure('NOT_FOUND', 'You have no alert with this id.', 'id'), ...noAlert };
    await ctx.db.delete(oddsAlerts).where(and(eq(oddsAlerts.userId, access.user.id), eq(oddsAlerts.id, id)));
    await onChange({ deleted: id });
    return { ok: true, error: null, ...noAlert };
  }

  return {
    Query: { myOddsAlerts, myOddsAlertMatches },
    Mutation: { saveOddsAlert, setOddsAlertPaused, deleteOddsAlert },
  };
}
