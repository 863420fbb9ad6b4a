// A menu button on React Aria Components: a button that opens a list of actions or links, moved
// through with the arrow keys, chosen with Enter, closed with Escape (focus back on the button).
import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components/Button';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  type MenuItemProps as AriaMenuItemProps,
} from 'react-aria-components/Menu';
import { Popover } from 'react-aria-components/Popover';
import type { LucideIcon } from 'lucide-react';
import { buttonClass, type ButtonSize, type ButtonVariant } from './Button';
import { cx } from './cx';

export interface MenuButtonProps {
  /** The button's text; with `iconOnly`, its accessible name. */
  readonly label: string;
  readonly icon?: LucideIcon | undefined;
  /** Shows the icon alone (the label becomes the accessible name). */
  readonly iconOnly?: boolean | undefined;
  readonly variant?: ButtonVariant | undefined;
  readonly size?: ButtonSize | undefined;
  /** Where the list opens: below the button, at its start (default) or its end. */
  readonly placement?: 'bottom start' | 'bottom end' | undefined;
  /** MenuItem elements. */
  readonly children: ReactNode;
}

/**
 * @example
 * <MenuButton label="Export" icon={Download} variant="secondary">
 *   <MenuItem onAction={exportCsv}>As CSV</MenuItem>
 *   <MenuItem href="/tracker/print">Printable page</MenuItem>
 * </MenuButton>
 */
export function MenuButton({
  label,
  icon: Icon,
  iconOnly = false,
  variant = 'secondary',
  size = 'md',
  placement = 'bottom start',
  children,
}: MenuButtonProps) {
  return (
    <MenuTrigger>
      <AriaButton {...(iconOnly ? { 'aria-label': label } : {})} className={buttonClass({ variant, size, iconOnly })}>
        {Icon === undefined ? null : <Icon aria-hidden="true" focusable="false" size={size === 'sm' ? 16 : 18} className="shrink-0" />}
        {iconOnly ? null : label}
      </AriaButton>
      <Popover
        placement={placement}
        offset={4}
        className="min-w-48 rounded-control border border-border bg-surface p-1 shadow-raised outline-none"
      >
        <AriaMenu className="max-h-[60vh] overflow-auto outline-none">{children}</AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}

export interface MenuItemProps extends Omit<AriaMenuItemProps, 'className' | 'children'> {
  readonly icon?: LucideIcon | undefined;
  /** A destructive action, in the danger colour (and a word that says it). */
  readonly danger?: boolean | undefined;
  readonly children: ReactNode;
}

/**
 * One entry of a MenuButton: `onAction` for an action, `href` for a link.
 *
 * @example
 * <MenuItem icon={Trash2} danger onAction={remove}>Delete the bet</MenuItem>
 */
export function MenuItem({ icon: Icon, danger = false, children, ...rest }: MenuItemProps) {
  const text = typeof children === 'string' ? children : undefined;
  return (
    <AriaMenuItem
      {...(text === undefined ? {} : { textValue: text })}
      {...rest}
      className={cx(
        'flex cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-sm no-underline outline-none',
        'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[focused]:bg-accent-soft',
        danger ? 'text-danger' : 'text-text data-[focused]:text-accent',
      )}
    >
      {Icon === undefined ? null : <Icon aria-hidden="true" focusable="false" size={16} className="shrink-0" />}
      {children}
    </AriaMenuItem>
  );
}
