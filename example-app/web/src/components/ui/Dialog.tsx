// A modal dialog on React Aria Components: focus moves into it and stays there, Escape and a press
// outside close it, the page behind is inert and does not scroll, and focus returns to what opened
// it. The title is its accessible name. Controlled: the page keeps whether it is open.
import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading } from 'react-aria-components/Dialog';
import { Modal, ModalOverlay } from 'react-aria-components/Modal';
import { X } from 'lucide-react';
import { IconButton } from './Button';
import { cx } from './cx';

export interface DialogProps {
  readonly isOpen: boolean;
  /** Called with false when the dialog asks to close (Escape, a press outside, the close button). */
  readonly onOpenChange: (isOpen: boolean) => void;
  /** The heading, and the dialog's accessible name. */
  readonly title: ReactNode;
  /** The content; a function receives `close`. */
  readonly children: ReactNode | ((close: () => void) => ReactNode);
  /** Buttons at the bottom, right-aligned (the main action last). */
  readonly footer?: ReactNode | ((close: () => void) => ReactNode);
  /** alertdialog for a confirmation that must be answered (no closing by a press outside). */
  readonly role?: 'dialog' | 'alertdialog' | undefined;
  /** sm (a confirmation), md (a form: default), lg (a table or a long form). */
  readonly size?: 'sm' | 'md' | 'lg' | undefined;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/**
 * @example
 * const [open, setOpen] = useState(false);
 * <Button onClick={() => setOpen(true)}>Record a bet</Button>
 * <Dialog isOpen={open} onOpenChange={setOpen} title="Record a bet" footer={(close) => <Button onClick={close}>Done</Button>}>
 *   <RecordBetForm />
 * </Dialog>
 */
export function Dialog({ isOpen, onOpenChange, title, children, footer, role = 'dialog', size = 'md' }: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={role === 'dialog'}
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-2 sm:items-center sm:p-4"
    >
      <Modal
        className={cx(
          'max-h-[calc(100dvh-1rem)] w-full overflow-auto rounded-card border border-border bg-surface text-text shadow-overlay',
          SIZES[size],
        )}
      >
        <AriaDialog role={role} className="p-4 outline-none sm:p-5">
          {({ close }) => (
            <>
              <div className="mb-3 flex items-start justify-between gap-4">
                <Heading slot="title" className="m-0 text-xl leading-tight font-semibold">
                  {title}
                </Heading>
                <IconButton icon={X} label="Close" size="sm" className="-mt-1 -mr-1" onClick={close} />
              </div>
              {typeof children === 'function' ? children(close) : children}
              {footer === undefined ? null : (
                <div className="mt-5 flex flex-wrap justify-end gap-2">{typeof footer === 'function' ? footer(close) : footer}</div>
              )}
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
