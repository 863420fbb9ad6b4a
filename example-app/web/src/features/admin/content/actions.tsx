// What the offers and guides parts of Admin > Content do alike: a change to one item (publish,
// unpublish, move, delete) said in the status line or as a problem once the lists are read again;
// the form's save, said the same way; focus kept on a move button across the re-read; each row's
// buttons; and the delete confirmation.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { describeError } from '../../../components/errors';
import { Button, ErrorState, IconButton } from '../../../components/ui';
import { Dialog } from '../../../components/ui/Dialog';

/** A mutation's result as the console reads it. */
export interface Outcome {
  readonly ok: boolean;
  readonly error?: { readonly message: string } | null;
}

/** The failure of a mutation result, in words. */
export function failed(result: Outcome): string | null {
  return result.ok ? null : (result.error?.message ?? 'That did not work. Please try again.');
}

/** What a saved item's status line says. */
export function savedMessage(input: { readonly title: string; readonly draft?: boolean | null | undefined }): string {
  return input.draft === true ? `“${input.title}” saved as a draft: members do not see it.` : `“${input.title}” saved: members see it now.`;
}

/** What publishing or unpublishing says. */
export function publishedMessage(title: string, published: boolean): string {
  return published ? `“${title}” published: members see it now.` : `“${title}” unpublished: members no longer see it.`;
}

type Direction = 'up' | 'down';

/** The id of an item's move button (`key`: unique in the page). */
function moveId(key: string, direction: Direction): string {
  return `move-${direction}-${key}`;
}

/**
 * A part's changes and what it says of them. `refresh` reads the lists again (the console's and
 * the members'); every change ends with it, so the rows shown are the server's.
 */
export function useContentChanges(refresh: () => Promise<unknown>) {
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  // The element to focus once a change is said (the row it acted on may be gone).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null || (done === null && problem === null)) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [done, problem]);
  // The move button to focus again once the move is saved and the list re-read (the buttons are
  // disabled meanwhile, and a row that moves may be taken out of the page and put back).
  const refocus = useRef<{ readonly key: string; readonly direction: Direction } | null>(null);
  useEffect(() => {
    if (moving || refocus.current === null) return;
    const { key, direction } = refocus.current;
    refocus.current = null;
    // The same button, or the other one when this one cannot move it further (now first or last).
    const same = document.getElementById(moveId(key, direction));
    const other = document.getElementById(moveId(key, direction === 'up' ? 'down' : 'up'));
    (same instanceof HTMLButtonElement && same.disabled ? other : same)?.focus();
  }, [moving]);

  /**
   * Runs a change: `run` answers its failure in words (null: done), then `success` is said; focus
   * then goes to the element `focus` names, when given (a delete takes its row, and the focus, away).
   */
  const change = async (run: () => Promise<string | null>, success: string, focus?: string): Promise<void> => {
    setProblem(null);
    setDone(null);
    let outcome: { readonly problem: string | null };
    try {
      outcome = { problem: await run() };
    } catch (error) {
      outcome = { problem: describeError(error) };
    }
    await refresh();
    focusNext.current = focus ?? null;
    if (outcome.problem === null) setDone(success);
    else setProblem(outcome.problem);
  };

  /** Moves the item `key` (`run` as for change), its move buttons disabled meanwhile and focus kept. */
  const move = async (key: string, title: string, direction: Direction, run: () => Promise<string | null>): Promise<void> => {
    setMoving(true);
    refocus.current = { key, direction };
    try {
      await change(run, `“${title}” moved ${direction}.`);
    } finally {
      setMoving(false);
    }
  };

  /**
   * Saves the form: `run` answers the server's result; a refusal goes to `onRefused` (the form's
   * fields), a failure to send to `onFailed`; once saved, `onSaved` (the form closes) and `success`.
   */
  const save = async (
    run: () => Promise<Outcome>,
    handlers: { readonly onRefused: (message: string) => void; readonly onFailed: (message: string) => void; readonly onSaved: () => void },
    success: string,
  ): Promise<void> => {
    setDone(null);
    let result: Outcome;
    try {
      result = await run();
    } catch (error) {
      handlers.onFailed(describeError(error));
      return;
    }
    const problem = failed(result);
    if (problem !== null) {
      handlers.onRefused(problem);
      return;
    }
    handlers.onSaved();
    await refresh();
    setDone(success);
  };

  const feedback: ReactNode = (
    <>
      <p role="status" className="mt-0 empty:hidden">
        {done}
      </p>
      {problem === null ? null : <ErrorState className="mb-3" message={problem} />}
    </>
  );
  return { change, move, save, moving, feedback, clearDone: () => setDone(null) };
}

/** One row's buttons: move up and down, publish or unpublish, preview, edit and delete. */
export function ItemActions(props: {
  /** The item's key in the page (its move buttons' ids). */
  readonly itemKey: string;
  readonly title: string;
  readonly publishedAt: string | null;
  readonly first: boolean;
  readonly last: boolean;
  readonly moving: boolean;
  readonly publishing: boolean;
  readonly onMove: (direction: Direction) => void;
  readonly onPublish: (published: boolean) => void;
  readonly onPreview: () => void;
  readonly onEdit: () => void;
  readonly onDelete: () => void;
}) {
  const { itemKey, title, publishedAt } = props;
  return (
    <span className="flex flex-wrap gap-2">
      <IconButton
        id={moveId(itemKey, 'up')}
        size="sm"
        variant="secondary"
        icon={ArrowUp}
        label={`Move ${title} up`}
        disabled={props.moving || props.first}
        onClick={() => props.onMove('up')}
      />
      <IconButton
        id={moveId(itemKey, 'down')}
        size="sm"
        variant="secondary"
        icon={ArrowDown}
        label={`Move ${title} down`}
        disabled={props.moving || props.last}
        onClick={() => props.onMove('down')}
      />
      <Button
        // A new button for the other action: the same one changing colour would pass through low contrast.
        key={publishedAt === null ? 'publish' : 'unpublish'}
        size="sm"
        variant={publishedAt === null ? 'primary' : 'secondary'}
        disabled={props.publishing}
        aria-label={`${publishedAt === null ? 'Publish' : 'Unpublish'} ${title}`}
        onClick={() => props.onPublish(publishedAt === null)}
      >
        {publishedAt === null ? 'Publish' : 'Unpublish'}
      </Button>
      <Button size="sm" variant="secondary" aria-label={`Preview ${title}`} onClick={props.onPreview}>
        Preview
      </Button>
      <Button size="sm" variant="secondary" aria-label={`Edit ${title}`} onClick={props.onEdit}>
        Edit
      </Button>
      <Button size="sm" variant="secondary" aria-label={`Delete ${title}`} onClick={props.onDelete}>
        Delete
      </Button>
    </span>
  );
}

/** The delete confirmation of an item (`item` null: closed); `note` says what goes with it. */
export function ConfirmDelete(props: {
  readonly kind: string;
  readonly item: { readonly title: string } | null;
  readonly deleting: boolean;
  readonly note: string;
  readonly onClose: () => void;
  readonly onConfirm: (close: () => void) => void;
}) {
  const { item } = props;
  return (
    <Dialog
      isOpen={item !== null}
      onOpenChange={(isOpen) => (isOpen ? undefined : props.onClose())}
      role="alertdialog"
      size="sm"
      title={item === null ? `Delete the ${props.kind}?` : `Delete “${item.title}”?`}
      footer={(close) => (
        <>
          <Button variant="secondary" onClick={close}>
            Keep it
          </Button>
          <Button variant="danger" disabled={props.deleting} onClick={() => (item === null ? close() : props.onConfirm(close))}>
            {props.deleting ? 'Deleting…' : 'Delete'}
          </Button>
        </>
      )}
    >
      <p className="m-0">{props.note}</p>
    </Dialog>
  );
}
