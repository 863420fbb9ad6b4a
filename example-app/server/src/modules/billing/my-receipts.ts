// Query.myReceipts and Query.receipt, and the downloads GET /api/receipts/{id}.pdf and
// /api/receipts/{id}.html: the signed-in member's own receipts only. Any other id (another
// member's, none, or a visitor not signed in) is a 404, so an id says nothing about whose it is.
import type { QueryReceiptArgs } from '../../generated/resolvers';
import type { RequestContext, Route } from '../../kernel';
import { requireViewer } from '../module';
import { receiptHtml, receiptPdf, receiptView } from './receipt-documents';
import { memberReceipt, memberReceipts, receiptNumber } from './receipts';

/** Query.myReceipts: the signed-in member's receipts, newest first. */
export async function myReceipts(_: unknown, __: unknown, ctx: RequestContext) {
  const list = await memberReceipts(ctx.db, requireViewer(ctx));
  return list.map((r) => receiptView(ctx.brand, r));
}

/** Query.receipt: one of the signed-in member's receipts, or null. */
export async function receipt(_: unknown, args: QueryReceiptArgs, ctx: RequestContext) {
  const found = await memberReceipt(ctx.db, requireViewer(ctx), args.id);
  return found === null ? null : receiptView(ctx.brand, found);
}

/** The prefix of the receipt downloads. */
export const RECEIPTS_PATH = '/api/receipts/';

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** GET /api/receipts/{id}.pdf and /api/receipts/{id}.html. */
export const receiptDownloadRoute: Route = {
  method: 'GET',
  path: `${RECEIPTS_PATH}*`,
  async handle(request, ctx) {
    const m = /^([A-Za-z0-9_-]{1,64})\.(pdf|html)$/.exec(new URL(request.url).pathname.slice(RECEIPTS_PATH.length));
    if (m === null || ctx.viewer === null) return notFound();
    const [, id = '', format] = m;
    const found = await memberReceipt(ctx.db, ctx.viewer.userId, id);
    if (found === null) return notFound();
    const name = `${ctx.brand.displayName}-receipt-${receiptNumber(ctx.brand, found.number)}.${format}`;
    const headers = {
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    };
    return format === 'pdf'
      ? new Response(new Uint8Array(await receiptPdf(ctx.brand, found)), { headers: { ...headers, 'content-type': 'application/pdf' } })
      : new Response(receiptHtml(ctx.brand, found), { headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
  },
};
