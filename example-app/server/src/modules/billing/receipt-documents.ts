// A receipt as the member gets it: its GraphQL shape (the account page's list and printable page),
// and the two files it downloads as, built here on the server from the stored receipt: an HTML page
// (self-contained, with its own print styles) and a PDF (pdf-lib, the standard Helvetica font, one
// A4 page). All three show the same lines (receiptFacts), amounts from the stored pence.
import { londonDate } from '@matchkit/app-contract';
import type { Brand } from '@matchkit/sdk/brands';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatPence } from '../../money';
import { escapeHtml } from '../accounts/outbox-page';
import { RESPONSIBLE_GAMBLING } from './billing-mail';
import { receiptNumber, type Receipt } from './receipts';

/** The Receipt type of the schema. */
export function receiptView(brand: Brand, r: Receipt) {
  return {
    id: r.id,
    number: receiptNumber(brand, r.number),
    issuedAt: r.issuedAt,
    kind: r.kind,
    plan: r.plan,
    planLabel: r.planLabel,
    billingTerm: r.term,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    amount: r.amount,
    vat: r.vat,
    reference: r.reference,
    sellerName: r.sellerName,
    sellerAddress: r.sellerAddress,
    vatNumber: r.vatNumber,
    refundedAmount: r.refund?.amount ?? null,
    refundedAt: r.refund?.at ?? null,
  };
}

const KIND = { first: 'First payment', renewal: 'Renewal', upgrade: 'Upgrade' } as const;

/** The receipt's facts, label and value, in the order every form of it shows them. */
export function receiptFacts(brand: Brand, r: Receipt): [string, string][] {
  const facts: [string, string][] = [
    ['Receipt number', receiptNumber(brand, r.number)],
    ['Date', londonDate(r.issuedAt)],
    ['Plan', `${r.planLabel}, ${r.term === 'year' ? 'yearly' : 'monthly'}`],
    ['Payment for', KIND[r.kind]],
    ['Period', `${londonDate(r.periodStart)} to ${londonDate(r.periodEnd)}`],
    ['Price before VAT', formatPence(r.amount - r.vat)],
    ['VAT at 20%', formatPence(r.vat)],
    ['Total paid', formatPence(r.amount)],
    ['Payment reference', r.reference],
  ];
  if (r.refund !== null) facts.push(['Refunded', `${formatPence(r.refund.amount)} on ${londonDate(r.refund.at)}`]);
  return facts;
}

/** The seller's lines: name, address and VAT number (when it has one). */
function sellerLines(r: Receipt): string[] {
  return [r.sellerName, r.sellerAddress, ...(r.vatNumber === null ? [] : [`VAT number ${r.vatNumber}`])];
}

const HTML_STYLE = `body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; margin: 2rem auto; max-width: 40rem; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1.5rem; }
dt { font-weight: 600; }
dd { margin: 0; }
.refund { color: #a11; font-weight: 600; }
footer { margin-top: 2rem; font-size: 0.875rem; color: #555; }
@media print { body { margin: 0; max-width: none; } }`;

/** The receipt as a self-contained HTML file (a download: its styles travel with it). */
export function receiptHtml(brand: Brand, r: Receipt): string {
  const facts = receiptFacts(brand, r)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd${k === 'Refunded' ? ' class="refund"' : ''}>${escapeHtml(v)}</dd>`)
    .join('\n');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${brand.displayName} receipt ${receiptNumber(brand, r.number)}`)}</title>
<style>
${HTML_STYLE}
</style>
</head>
<body>
<h1>${escapeHtml(brand.displayName)} receipt</h1>
<p>${sellerLines(r).map(escapeHtml).join('<br>\n')}</p>
<dl>
${facts}
</dl>
<footer><p>Prices include VAT at the UK standard rate of 20%.</p><p>${escapeHtml(RESPONSIBLE_GAMBLING.join(' '))}</p></footer>
</body>
</html>
`;
}

/** The receipt as a one-page A4 PDF, in the standard Helvetica fonts (no font file embedded). */
export async function receiptPdf(brand: Brand, r: Receipt): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = `${brand.displayName} receipt ${receiptNumber(brand, r.number)}`;
  doc.setTitle(title);
  doc.setAuthor(r.sellerName);
  doc.setCreator(brand.displayName);
  doc.setProducer(brand.displayName);
  // A fixed date keeps the file a function of the receipt alone.
  doc.setCreationDate(r.issuedAt);
  doc.setModificationDate(r.issuedAt);
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  const left = 56;
  let y = 841.89 - 72;
  const right = 595.28 - 56;
  /** Draws text from x at the current line, wrapped at words to the right margin; moves down for each extra line. */
  const line = (text: string, options: { size?: number; font?: typeof regular; x?: number } = {}) => {
    const size = options.size ?? 11;
    const font = options.font ?? regular;
    const x = options.x ?? left;
    let current = '';
    const rows: string[] = [];
    for (const word of text.split(' ')) {
      const next = current === '' ? word : `${current} ${word}`;
      if (current !== '' && font.widthOfTextAtSize(next, size) > right - x) {
        rows.push(current);
        current = word;
      } else current = next;
    }
    rows.push(current);
    rows.forEach((row, i) => {
      if (i > 0) y -= size + 4;
      page.drawText(row, { x, y, size, font, color: ink });
    });
  };
  line(`${brand.displayName} receipt`, { size: 20, font: bold });
  y -= 32;
  for (const s of sellerLines(r)) {
    line(s);
    y -= 16;
  }
  y -= 16;
  for (const [label, value] of receiptFacts(brand, r)) {
    line(label, { font: bold });
    line(value, { x: left + 140 });
    y -= 18;
  }
  y -= 24;
  for (const text of ['Prices include VAT at the UK standard rate of 20%.', ...RESPONSIBLE_GAMBLING]) {
    line(text, { size: 9 });
    y -= 14;
  }
  return doc.save();
}
