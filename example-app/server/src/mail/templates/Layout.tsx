// The one layout of every message (issue 23): the brand's name in its accent colour on top, the
// message, then the footer every message ends with: why the member gets it, the link to their mail
// settings, the unsubscribe link of mail they can turn off, and the responsible-gambling line.
// Mail clients ignore style sheets: every style is inline, and the layout is react-email's tables.
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { MAIL_PALETTE, type MailFrame } from './frame';

/** The responsible-gambling line every message ends with, in its two sentences. */
export const RESPONSIBLE_GAMBLING = [
  '18+ only. Gambling carries risk: only stake what you can afford to lose.',
  'Free, confidential help: www.begambleaware.org or 0808 8020 133.',
] as const;

/** The named external help site the footer links to (the only link off PUBLIC_ORIGIN). */
export const HELP_SITE = 'https://www.begambleaware.org/';

/** The app's page where a member chooses which mail they get (web/src/app/paths.ts `settings`). */
export const MAIL_SETTINGS_PATH = '/settings';

const { text: TEXT, muted: MUTED, border: BORDER, background: BG, surface: SURFACE, font: FONT } = MAIL_PALETTE;

const small = { color: MUTED, fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' } as const;

export interface LayoutProps {
  readonly frame: MailFrame;
  /** The line mail clients show beside the subject. */
  readonly preview: string;
  /** Why the member gets this message, one sentence ("You get this email because ..."). */
  readonly reason: string;
  readonly children: ReactNode;
}

/** A message's page: brand header, body, footer. */
export function Layout({ frame, preview, reason, children }: LayoutProps) {
  const accent = frame.brand.colors.accent;
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: BG, color: TEXT, fontFamily: FONT, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: SURFACE, border: `1px solid ${BORDER}`, borderRadius: '8px', maxWidth: '560px' }}>
          <Section style={{ borderTop: `4px solid ${accent}`, borderRadius: '8px 8px 0 0', padding: '20px 32px 0' }}>
            <Text style={{ color: accent, fontSize: '20px', fontWeight: 700, lineHeight: '28px', margin: 0 }}>
              {frame.brand.displayName}
            </Text>
          </Section>
          <Section style={{ padding: '8px 32px 16px' }}>
            {children}
            <Text style={{ fontSize: '15px', lineHeight: '24px', margin: '16px 0 0' }}>The {frame.brand.displayName} team</Text>
          </Section>
          <Hr style={{ borderTop: `1px solid ${BORDER}`, margin: 0 }} />
          <Section style={{ padding: '16px 32px 8px' }}>
            <Text style={small}>{reason}</Text>
            <Text style={small}>
              Choose which emails you get in your{' '}
              <Link href={`${frame.origin}${MAIL_SETTINGS_PATH}`} style={{ color: accent }}>
                settings
              </Link>
              .
              {frame.unsubscribeUrl === null ? null : (
                <>
                  {' '}
                  Or{' '}
                  <Link href={frame.unsubscribeUrl} style={{ color: accent }}>
                    unsubscribe from these emails
                  </Link>{' '}
                  with one click.
                </>
              )}
            </Text>
            <Text style={small}>
              {RESPONSIBLE_GAMBLING[0]} Free, confidential help:{' '}
              <Link href={HELP_SITE} style={{ color: accent }}>
                www.begambleaware.org
              </Link>{' '}
              or 0808 8020 133.
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
