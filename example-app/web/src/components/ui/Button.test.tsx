import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Download, X } from 'lucide-react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, ButtonLink, IconButton } from './Button';

afterEach(cleanup);

describe('Button', () => {
  it('does not submit its form unless its type says submit', () => {
    const submit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={submit}>
        <Button icon={Download}>Export</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('hides its icon from screen readers: the text alone names it', () => {
    render(<Button icon={Download}>Export CSV</Button>);
    const button = screen.getByRole('button', { name: 'Export CSV' });
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('an icon-only button is named by its label', () => {
    const close = vi.fn();
    render(<IconButton icon={X} label="Close notification" onClick={close} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('a button link is a link that navigates in the router', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <ButtonLink to="/plans">See the plans</ButtonLink> },
        { path: '/plans', element: <h1>Plans</h1> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link', { name: 'See the plans' }));
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeTruthy();
  });

  it('variants look different from each other', () => {
    render(
      <>
        <Button variant="primary">A</Button>
        <Button variant="secondary">B</Button>
        <Button variant="ghost">C</Button>
        <Button variant="danger">D</Button>
      </>,
    );
    const classes = ['A', 'B', 'C', 'D'].map((name) => screen.getByRole('button', { name }).className);
    expect(new Set(classes).size).toBe(4);
  });

  it('lets a long label wrap on a narrow screen and stay within its container', () => {
    // jsdom lays nothing out: the classes are the rule (the review's 375 px screenshots the effect).
    const label = 'Keep my plan and cancel the downgrade at renewal';
    render(
      <>
        <Button>{label}</Button>
        <ButtonLinkInRouter />
      </>,
    );
    for (const el of [screen.getByRole('button', { name: label }), screen.getByRole('link', { name: /See every plan/ })]) {
      const classes = el.className.split(/\s+/);
      // Below the sm breakpoint (40rem) the label wraps; from it on, one line.
      expect(classes).not.toContain('whitespace-nowrap');
      expect(classes).toContain('sm:whitespace-nowrap');
      expect(classes).toContain('max-w-full');
      expect(classes).toContain('text-center');
    }
  });
});

function ButtonLinkInRouter() {
  const router = createMemoryRouter([{ path: '/', element: <ButtonLink to="/plans">See every plan and price for this brand</ButtonLink> }]);
  return <RouterProvider router={router} />;
}
