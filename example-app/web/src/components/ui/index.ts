// The component layer (docs/app.md#design-system): import from here, not from the files.
export { Badge, type BadgeProps, type BadgeTone } from './Badge';
export {
  Button,
  ButtonLink,
  IconButton,
  buttonClass,
  type ButtonLinkProps,
  type ButtonProps,
  type ButtonSize,
  type ButtonStyle,
  type ButtonVariant,
  type IconButtonProps,
} from './Button';
export { Card, CardGrid, type CardProps } from './Card';
export { cx } from './cx';
export { Logo, LogoMark, type LogoProps } from './Logo';
