// Buttons: one look for every action of the app, as a <button>, as a router link (ButtonLink) or
// with an icon alone (IconButton, whose label is required: it is the button's accessible name).
// Plain native elements with Tailwind classes: no script beyond React's, so the visitor's first page
// pays nothing for them, and keyboard and form behaviour are the browser's own.
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { cx } from './cx';

/** primary: the page's main action; secondary: the others; ghost: low-key (toolbars, rows); danger: destroys or cancels something. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
/** sm for dense rows and toolbars, md by default, lg for a page's one call to action. */
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyle {
  readonly variant?: ButtonVariant | undefined;
  readonly size?: ButtonSize | undefined;
  /** Square, for an icon without text (IconButton). */
  readonly iconOnly?: boolean | undefined;
  readonly className?: string | undefined;
}

// A label wraps below the sm breakpoint (a long one would overflow a 375 px screen), one line from it.
const BASE =
  'inline-flex max-w-full items-center justify-center gap-2 rounded-control border text-center font-semibold leading-tight no-underline ' +
  'whitespace-normal sm:whitespace-nowrap ' +
  'cursor-pointer select-none transition-colors disabled:cursor-not-allowed disabled:opacity-60 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus';

const VARIANTS: Readonly<Record<ButtonVariant, string>> = {
  primary: 'border-accent bg-accent text-on-accent hover:border-accent-hover hover:bg-accent-hover',
  secondary: 'border-border-strong bg-surface text-accent hover:bg-accent-soft',
  ghost: 'border-transparent bg-transparent text-accent hover:bg-accent-soft',
  danger: 'border-danger bg-danger text-on-danger hover:border-danger-hover hover:bg-danger-hover',
};

const SIZES: Readonly<Record<ButtonSize, string>> = {
  sm: 'min-h-8 px-2.5 py-1 text-sm',
  md: 'min-h-10 px-4 py-2 text-base',
  lg: 'min-h-12 px-5 py-2.5 text-lg',
};

const ICON_SIZES: Readonly<Record<ButtonSize, string>> = {
  sm: 'size-8 p-0 text-sm',
  md: 'size-10 p-0 text-base',
  lg: 'size-12 p-0 text-lg',
};

const ICON_PX: Readonly<Record<ButtonSize, number>> = { sm: 16, md: 18, lg: 20 };

/**
 * The classes of a button of this variant and size: for an element that must look like a button
 * and cannot be one of the components below (a `<label>` for a file input, a third-party trigger).
 */
export function buttonClass({ variant = 'primary', size = 'md', iconOnly = false, className }: ButtonStyle = {}): string {
  return cx(BASE, VARIANTS[variant], iconOnly ? ICON_SIZES[size] : SIZES[size], className);
}

function Content({
  icon: Icon,
  size = 'md',
  children,
}: {
  readonly icon?: LucideIcon | undefined;
  readonly size?: ButtonSize | undefined;
  readonly children?: ReactNode;
}) {
  return (
    <>
      {Icon === undefined ? null : <Icon aria-hidden="true" focusable="false" size={ICON_PX[size]} className="shrink-0" />}
      {children}
    </>
  );
}

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'>, Omit<ButtonStyle, 'iconOnly'> {
  /** A lucide icon shown before the text, hidden from screen readers (the text names the button). */
  readonly icon?: LucideIcon | undefined;
  readonly ref?: Ref<HTMLButtonElement> | undefined;
}

/**
 * A button. `type` is "button" unless given: a button inside a form submits only when it says so.
 *
 * @example
 * <Button onClick={save}>Save</Button>
 * <Button variant="secondary" size="sm" icon={Download}>Export CSV</Button>
 */
export function Button({ variant, size, icon, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, size, className })} {...rest}>
      <Content icon={icon} size={size}>
        {children}
      </Content>
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'icon' | 'aria-label'> {
  /** What the button does ("Close", "Open the menu"): its accessible name and its tooltip. */
  readonly label: string;
  readonly icon: LucideIcon;
}

/**
 * A square button showing only an icon; `label` is required and becomes its accessible name.
 *
 * @example
 * <IconButton icon={X} label="Close notification" variant="ghost" onClick={close} />
 */
export function IconButton({ label, icon, variant = 'ghost', size, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button type={type} aria-label={label} title={label} className={buttonClass({ variant, size, iconOnly: true, className })} {...rest}>
      <Content icon={icon} size={size} />
    </button>
  );
}

export interface ButtonLinkProps extends Omit<LinkProps, 'className'>, Omit<ButtonStyle, 'iconOnly'> {
  readonly icon?: LucideIcon | undefined;
}

/**
 * A router link that looks like a button: for an action that is a navigation ("Join", "See the plans").
 *
 * @example
 * <ButtonLink to={paths.register} size="lg">Join free</ButtonLink>
 */
export function ButtonLink({ variant, size, icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClass({ variant, size, className })} {...rest}>
      <Content icon={icon} size={size}>
        {children}
      </Content>
    </Link>
  );
}
