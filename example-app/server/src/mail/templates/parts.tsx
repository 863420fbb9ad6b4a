// The pieces messages are made of, styled inline for mail clients: a paragraph, the one action
// button (the brand's accent), a list of facts and a plain link.
import { Button, Link, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { MAIL_PALETTE } from './frame';

const TEXT = MAIL_PALETTE.text;

/** A paragraph of body text. */
export function P({ children }: { readonly children: ReactNode }) {
  return <Text style={{ color: TEXT, fontSize: '15px', lineHeight: '24px', margin: '12px 0' }}>{children}</Text>;
}

/** The message's action, a button in the brand's accent (white text passes AA on both brands' accents). */
export function Action({ href, accent, children }: { readonly href: string; readonly accent: string; readonly children: string }) {
  return (
    <Button
      href={href}
      data-action
      style={{
        backgroundColor: accent,
        borderRadius: '6px',
        color: '#ffffff',
        fontSize: '15px',
        fontWeight: 600,
        margin: '8px 0',
        padding: '12px 20px',
      }}
    >
      {children}
    </Button>
  );
}

/** Facts as "Label: value" lines (a receipt, a summary). */
export function Facts({ rows }: { readonly rows: readonly (readonly [string, string])[] }) {
  return (
    <>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ color: TEXT, fontSize: '15px', lineHeight: '22px', margin: '2px 0' }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </>
  );
}

/** A link in the body text, in the brand's accent. */
export function A({ href, accent, children }: { readonly href: string; readonly accent: string; readonly children: string }) {
  return (
    <Link href={href} style={{ color: accent, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}
