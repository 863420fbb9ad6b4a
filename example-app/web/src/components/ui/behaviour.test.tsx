import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { MenuButton, MenuItem } from './Menu';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

afterEach(cleanup);

function Confirm({ onConfirm }: { readonly onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete the bet</Button>
      <Dialog
        isOpen={open}
        onOpenChange={setOpen}
        title="Delete this bet?"
        footer={(close) => (
          <Button
            variant="danger"
            onClick={() => {
              onConfirm();
              close();
            }}
          >
            Delete
          </Button>
        )}
      >
        <p>It leaves your totals.</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a dialog named by its title, and Escape closes it', async () => {
    render(<Confirm onConfirm={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete the bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this bet?' });
    expect(dialog.textContent).toContain('It leaves your totals.');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('its close button and its footer close it; the footer action runs once', async () => {
    let confirmed = 0;
    render(<Confirm onConfirm={() => (confirmed += 1)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete the bet' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete the bet' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirmed).toBe(1);
  });
});

describe('MenuButton', () => {
  it('opens a menu of items; choosing one runs its action and closes the menu', async () => {
    const chosen: string[] = [];
    render(
      <MenuButton label="Export">
        <MenuItem onAction={() => chosen.push('csv')}>As CSV</MenuItem>
        <MenuItem onAction={() => chosen.push('print')}>Printable page</MenuItem>
      </MenuButton>,
    );
    const trigger = screen.getByRole('button', { name: 'Export' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('true');
    fireEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['As CSV', 'Printable page']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Printable page' }));
    expect(chosen).toEqual(['print']);
    expect(menu.isConnected).toBe(false);
  });
});

describe('Tabs', () => {
  it('shows the selected tab’s panel only, and a tab press selects another', () => {
    render(
      <Tabs defaultSelectedKey="bets">
        <TabList aria-label="Tracker views">
          <Tab id="bets">Bets</Tab>
          <Tab id="charts">Charts</Tab>
        </TabList>
        <TabPanel id="bets">The bets</TabPanel>
        <TabPanel id="charts">The charts</TabPanel>
      </Tabs>,
    );
    expect(screen.getByRole('tab', { name: 'Bets' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('The bets');
    fireEvent.click(screen.getByRole('tab', { name: 'Charts' }));
    expect(screen.getByRole('tab', { name: 'Charts' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('The charts');
  });
});
