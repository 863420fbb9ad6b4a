// A message from its template: the HTML part and the plain-text part rendered from the same React
// element (react-email), with its kind and member. Refuses an essential message with an
// unsubscribe link, and a message a member can turn off without one.
import { render } from '@react-email/render';
import { createElement, type ComponentType } from 'react';
import type { MailKind, MailMessage } from '../mailer';
import { OPTIONAL_MAIL_KINDS } from '../kinds';
import type { MailFrame } from './frame';

/** What html-to-text's formatter is handed to write with (the part used here). */
interface TextBuilder {
  openBlock(options: { leadingLineBreaks: number }): void;
  addInline(text: string): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
}

/**
 * The plain-text part: react-email's conversion (html-to-text), except that an action button
 * (`data-action`) becomes its URL alone on its own line, after the sentence that introduces it,
 * as a reader of plain text wants to copy it.
 */
const PLAIN_TEXT: Parameters<typeof render>[1] = {
  plainText: true,
  htmlToTextOptions: {
    selectors: [{ selector: 'a[data-action]', format: 'actionUrl' }],
    formatters: {
      actionUrl: (elem: { readonly attribs?: Record<string, string> }, _walk: unknown, builder: TextBuilder) => {
        builder.openBlock({ leadingLineBreaks: 2 });
        builder.addInline(String(elem.attribs?.href ?? ''));
        builder.closeBlock({ trailingLineBreaks: 2 });
      },
    },
  },
};

/** Who a message goes to, what it is and its subject. */
export interface MailEnvelope {
  readonly to: string;
  readonly subject: string;
  readonly kind: MailKind;
  readonly userId: string | null;
}

/** Renders `Template` with `props` (which carry the frame) into a message with both parts. */
export async function renderMail<P extends { readonly frame: MailFrame }>(
  envelope: MailEnvelope,
  Template: ComponentType<P>,
  props: P,
): Promise<MailMessage> {
  const { unsubscribeUrl, origin } = props.frame;
  if (!OPTIONAL_MAIL_KINDS.has(envelope.kind) && unsubscribeUrl !== null)
    throw new TypeError(`unsubscribeUrl: ${envelope.kind} mail cannot be turned off, so it has no unsubscribe link`);
  if (OPTIONAL_MAIL_KINDS.has(envelope.kind) && unsubscribeUrl === null)
    throw new TypeError(`unsubscribeUrl: ${envelope.kind} mail can be turned off and needs its unsubscribe link`);
  if (unsubscribeUrl !== null && !unsubscribeUrl.startsWith(`${origin}/`))
    throw new TypeError(`unsubscribeUrl: must be on ${origin} (received another origin)`);
  const element = createElement(Template, props);
  const [html, text] = await Promise.all([render(element), render(element, PLAIN_TEXT)]);
  return { ...envelope, html, text };
}
