// The member's receipts through the API: the list and one receipt (GraphQL), and the PDF and HTML
// downloads, each the member's own only (404 otherwise). The PDF is parsed back (its content
// streams inflated, its text read) and checked for the receipt's lines and amounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, decodePDFRawStream, type PDFRawStream } from 'pdf-lib';
import { createTestApp, type TestApp } from '../../test/app';
import { refundPayment } from './refunds';
import { addMember, buy, must, provider, tokenFor } from './testing';

/** The text a PDF draws, page by page, line by line (pdf-lib's `<hex> Tj` strings, WinAnsi: £ is 0xA3). */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      const ops = Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) lines.push(Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return lines;
}

const LIST = `{ myReceipts { id number issuedAt kind plan planLabel billingTerm periodStart periodEnd amount vat reference sellerName sellerAddress vatNumber refundedAmount refundedAt } }`;

describe("the member's receipts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.stop());

  const get = async (path: string, userId: string | null) =>
    t.request(path, userId === null ? {} : { headers: { cookie: `_opjwt=${await tokenFor(t, userId)}` } });

  it('lists them, shows one, and downloads it as PDF and HTML with the same figures; a refund shows on each', async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const { id } = await addMember(t);
    const checkout = await buy(t, id, 'platinum', 'year');
    const chargeId = must(provider(t).charges.find((c) => c.key === checkout.id)).chargeId;
    const token = await tokenFor(t, id);
    const list = await t.gql<{ myReceipts: Record<string, unknown>[] }>(LIST, {}, { token });
    expect(list.errors).toBeUndefined();
    const [receipt, ...more] = must(list.data).myReceipts;
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({
      number: expect.stringMatching(/^BRI-\d{6}$/),
      issuedAt: '2026-03-02T10:00:00.000Z',
      kind: 'first',
      plan: 'platinum',
      planLabel: 'Platinum',
      billingTerm: 'year',
      amount: 35000,
      vat: 5833,
      reference: chargeId,
      sellerName: 'Test Seller Ltd',
      sellerAddress: '1 Test Street, Testtown, TE1 1ST',
      vatNumber: null,
      refundedAmount: null,
      refundedAt: null,
    });
    const receiptId = String(must(receipt).id);
    const one = await t.gql<{ receipt: { number: string } | null }>(
      'query ($id: ID!) { receipt(id: $id) { number } }',
      { id: receiptId },
      { token },
    );
    expect(one.data?.receipt?.number).toBe(must(receipt).number);

    const pdf = await get(`/api/receipts/${receiptId}.pdf`, id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="Brightlay-receipt-${String(must(receipt).number)}.pdf"`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const expected of [
      'Brightlay receipt',
      'Test Seller Ltd',
      '1 Test Street, Testtown, TE1 1ST',
      String(must(receipt).number),
      'Monday, 2 March 2026',
      'Platinum, yearly',
      '£291.67',
      '£58.33',
      '£350.00',
      chargeId,
    ])
      expect(text).toContain(expected);
    expect(text.join(' ')).toContain('18+ only');
    expect(text.join(' ')).not.toContain('Refunded');

    const html = await get(`/api/receipts/${receiptId}.html`, id);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await html.text();
    expect(page).toContain('<dt>Total paid</dt><dd>£350.00</dd>');
    expect(page).toContain('<dt>VAT at 20%</dt><dd>£58.33</dd>');
    expect(page).toContain('@media print');

    t.clock.set('2026-03-03T09:30:00Z');
    expect(await refundPayment(t.app.deps, `sub_${checkout.id.replace(/^ck_/, '')}:term-1`, t.clock())).toEqual({ ok: true });
    await provider(t).idle();
    const refunded = await t.gql<{ myReceipts: { refundedAmount: number; refundedAt: string }[] }>(
      LIST,
      {},
      { token: await tokenFor(t, id) },
    );
    expect(must(refunded.data).myReceipts[0]).toMatchObject({ refundedAmount: 35000, refundedAt: '2026-03-03T09:30:00.000Z' });
    const after = await pdfText(new Uint8Array(await (await get(`/api/receipts/${receiptId}.pdf`, id)).arrayBuffer()));
    expect(after).toContain('Refunded');
    expect(after).toContain('£350.00 on Tuesday, 3 March 2026');
    expect(await (await get(`/api/receipts/${receiptId}.html`, id)).text()).toContain('£350.00 on Tuesday, 3 March 2026');
  });

  it("answers 404 for another member's receipt, a visitor, an unknown id or another format", async () => {
    t.clock.set('2026-03-02T10:00:00Z');
    const owner = await addMember(t);
    const other = await addMember(t);
    await buy(t, owner.id, 'diamond', 'year');
    const list = await t.gql<{ myReceipts: { id: string }[] }>('{ myReceipts { id } }', {}, { token: await tokenFor(t, owner.id) });
    const receiptId = must(must(list.data).myReceipts[0]).id;
    expect((await get(`/api/receipts/${receiptId}.pdf`, owner.id)).status).toBe(200);
    for (const [path, who] of [
      [`/api/receipts/${receiptId}.pdf`, other.id],
      [`/api/receipts/${receiptId}.html`, other.id],
      [`/api/receipts/${receiptId}.pdf`, null],
      ['/api/receipts/rcp_none.pdf', owner.id],
      [`/api/receipts/${receiptId}.txt`, owner.id],
      [`/api/receipts/${receiptId}`, owner.id],
    ] as const)
      expect((await get(path, who)).status, `${path} as ${who ?? 'a visitor'}`).toBe(404);
    const theirs = await t.gql<{ receipt: unknown; myReceipts: unknown[] }>(
      'query ($id: ID!) { receipt(id: $id) { id } myReceipts { id } }',
      { id: receiptId },
      { token: await tokenFor(t, other.id) },
    );
    expect(theirs.data).toEqual({ receipt: null, myReceipts: [] });
  });
});
