// Customising the bar: every link with a switch (a checkbox) and "move up" / "move down" buttons.
// Buttons, not dragging, so the keyboard and switch access do everything; focus stays on the
// button that was pressed as its row moves, and each change is announced.
import { useEffect, useRef, useState } from 'react';
import type { QuickLink } from './api/quickLinks';
import { moveLink, switchLink } from './arrangement';
import { Button, Card } from '../../components/ui';
import { ArrowIcon, LockIcon } from './icons';
import { useUnlockingPlan } from './unlocking';

export interface CustomisePanelProps {
  readonly id: string;
  readonly links: readonly QuickLink[];
  readonly arrange: (next: readonly QuickLink[]) => void;
  readonly saving: boolean;
  readonly onClose: () => void;
}

type Direction = 'up' | 'down';

export function CustomisePanel({ id, links, arrange, saving, onClose }: CustomisePanelProps) {
  const panel = useRef<HTMLElement>(null);
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // After a move has re-rendered the list, the pressed button (its row has moved) gets the focus
  // back; at the top or the bottom it is disabled, so the other one takes it.
  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (wanted === null || panel.current === null) return;
    focusAfterMove.current = null;
    const button = (direction: Direction) =>
      panel.current?.querySelector<HTMLButtonElement>(`button[data-move="${CSS.escape(`${wanted.id}:${direction}`)}"]`) ?? null;
    const pressed = button(wanted.direction);
    (pressed !== null && !pressed.disabled ? pressed : button(wanted.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [links]);

  const move = (link: QuickLink, direction: Direction) => {
    const next = moveLink(links, link.id, direction === 'up' ? -1 : 1);
    const place = next.findIndex((l) => l.id === link.id) + 1;
    arrange(next);
    setAnnouncement(`${link.label} moved ${direction}, now ${place} of ${next.length}.`);
    focusAfterMove.current = { id: link.id, direction };
  };
  const toggle = (link: QuickLink, active: boolean) => {
    arrange(switchLink(links, link.id, active));
    setAnnouncement(`${link.label} ${active ? 'shown in' : 'hidden from'} your quick links.`);
  };
  return (
    <Card as="section" tone="compact" ref={panel} id={id} className="my-2" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="m-0 mb-1 font-bold">
        Customise your quick links
      </p>
      <p className="m-0 text-sm text-muted">
        Tick a link to show it in the bar; move it up or down to change its place. Changes are saved as you make them.
      </p>
      <ol className="my-2 grid list-none gap-1 p-0">
        {links.map((link, index) => (
          <li key={link.id} className="flex flex-wrap items-center gap-2 border-b border-border py-1">
            <EditRow
              link={link}
              first={index === 0}
              last={index === links.length - 1}
              onToggle={(active) => toggle(link, active)}
              onMove={(direction) => move(link, direction)}
            />
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="flex items-center justify-end gap-4">
        <span className="text-sm text-muted">{saving ? 'Saving…' : ''}</span>
        <Button onClick={onClose}>Done</Button>
      </div>
    </Card>
  );
}

function EditRow(props: {
  readonly link: QuickLink;
  readonly first: boolean;
  readonly last: boolean;
  readonly onToggle: (active: boolean) => void;
  readonly onMove: (direction: Direction) => void;
}) {
  const { link } = props;
  const plan = useUnlockingPlan(link);
  const checkboxId = `ql-show-${link.id}`;
  return (
    <>
      <input id={checkboxId} type="checkbox" checked={link.active} onChange={(e) => props.onToggle(e.currentTarget.checked)} />
      <label htmlFor={checkboxId} className="flex flex-[1_1_10rem] flex-wrap items-center gap-1.5">
        {link.label}
        {link.unlocked ? null : (
          <span className="inline-flex items-center gap-1 text-xs text-muted">
            <LockIcon />
            {plan === undefined ? ' locked' : ` locked: unlock with ${plan.label}`}
          </span>
        )}
      </label>
      <span className="inline-flex gap-1">
        <Button
          variant="secondary"
          size="sm"
          className="size-8 p-0"
          data-move={`${link.id}:up`}
          aria-label={`Move ${link.label} up`}
          disabled={props.first}
          onClick={() => props.onMove('up')}
        >
          <ArrowIcon direction="up" />
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="size-8 p-0"
          data-move={`${link.id}:down`}
          aria-label={`Move ${link.label} down`}
          disabled={props.last}
          onClick={() => props.onMove('down')}
        >
          <ArrowIcon direction="down" />
        </Button>
      </span>
    </>
  );
}
