// The component layer (docs/app.md#design-system): the components without React Aria. A page
// imports them from here. Two exceptions, for the first page's budget (e2e/first-page.test.ts):
// - the components built on React Aria (Dialog, MenuButton, Tabs) are NOT re-exported here: import
//   them from their files (`components/ui/Dialog`). The bundler places a module by what reaches it,
//   and every page reaches what this file re-exports: React Aria would land in a chunk shared by
//   every page that imports this file, the visitor's first page included.
// - the shell (components/Layout, Status, features/notifications) imports each file directly, so
//   that this file's other components stay out of the entry chunk.
export { AdultsMark } from './AdultsMark';
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
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { FactList, FactRow, type FactRowProps } from './FactList';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export { Field, SelectField, type FieldProps, type SelectFieldProps } from '../Field';
export { LoadingState, type LoadingStateProps } from './LoadingState';
export { Table, Td, Th, type TableProps, type TdProps, type ThProps } from './Table';
export { SummaryFigure, type SummaryFigureProps } from './SummaryFigure';
export { Logo, LogoMark, type LogoProps } from './Logo';
export { Toast, type ToastProps, type ToastStatus } from './Toast';
export { ToastRegion, ToastViewport, type ToastRegionProps } from './ToastRegion';
