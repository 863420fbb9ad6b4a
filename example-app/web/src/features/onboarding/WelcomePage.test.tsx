import { act, cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MatchkitProvider } from '@matchkit/react';
import { getBrand, type BrandId } from '@matchkit/sdk/brands';
import type { GraphQLClient } from '@matchkit/sdk/transport';
import { WelcomePage } from './WelcomePage';

// The onboarding's progress counts its own steps ("Step 1 of 4"), whatever numbers the catalogue
// gives them (the spec's 10 to 13, kept as ?step=), and the stepper's labels each read as a step.

afterEach(cleanup);

function setup(brand: BrandId, path: string) {
  const transport: Pick<GraphQLClient, 'request'> = {
    request: () => Promise.resolve({ data: { me: null, brand } }) as never,
  };
  const router = createMemoryRouter([{ path: '/welcome', element: <WelcomePage /> }], { initialEntries: [path] });
  render(
    <MatchkitProvider brand={brand} transport={transport} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </MatchkitProvider>,
  );
  return router;
}

describe('the onboarding stepper', () => {
  for (const id of ['primary', 'secondary'] as const) {
    const steps = getBrand(id).onboarding.steps;

    it(`${id}: shows "Step N of ${steps.length}" by the step's place, with the catalogue's number kept in ?step=`, async () => {
      const router = setup(id, '/welcome');
      expect(screen.getByText(`Step 1 of ${steps.length}`)).toBeTruthy();
      for (const [i, step] of steps.entries()) {
        await act(() => router.navigate(`/welcome?step=${step.step}`));
        expect(screen.getByText(`Step ${i + 1} of ${steps.length}`)).toBeTruthy();
        expect(screen.queryByText(new RegExp(`of ${steps[steps.length - 1]?.step ?? 0}$`))).toBeNull();
      }
    });

    it(`${id}: each label of the stepper is numbered and says which step is the current one`, async () => {
      const router = setup(id, '/welcome');
      const nav = screen.getByRole('navigation', { name: 'Onboarding steps' });
      const labels = within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(labels).toEqual(steps.map((s, i) => `${i + 1}. ${s.title}`));
      const last = steps[steps.length - 1];
      await act(() => router.navigate(`/welcome?step=${last?.step ?? 0}`));
      const current = within(nav)
        .getAllByRole('listitem')
        .filter((li) => li.getAttribute('aria-current') === 'step');
      expect(current.map((li) => li.textContent)).toEqual([`${steps.length}. ${last?.title ?? ''}`]);
    });
  }
});
