import { cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineBrand, getBrand, type BrandRef } from '@matchkit/sdk/brands';
import { BrandProvider, useBrand } from './brand';
import { withBrand } from './test-utils';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function BrandName() {
  return <h1>{useBrand().displayName}</h1>;
}

describe('BrandProvider and useBrand', () => {
  it('provides the reference catalogue of a brand id', () => {
    const { result } = renderHook(() => useBrand(), { wrapper: withBrand('primary') });
    expect(result.current).toBe(getBrand('primary'));
    expect(result.current.id).toBe('primary');
  });

  it('provides a catalogue object as given', () => {
    const mine = defineBrand({ ...getBrand('secondary'), displayName: 'Acme Matched' });
    render(
      <BrandProvider brand={mine}>
        <BrandName />
      </BrandProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Acme Matched');
  });

  it('switches brand when the provider is rendered with another brand', () => {
    const ui = (brand: BrandRef) => (
      <BrandProvider brand={brand}>
        <BrandName />
      </BrandProvider>
    );
    const { rerender } = render(ui('primary'));
    expect(screen.getByRole('heading').textContent).toBe(getBrand('primary').displayName);
    rerender(ui('secondary'));
    expect(screen.getByRole('heading').textContent).toBe(getBrand('secondary').displayName);
  });

  it('lets two providers with two brands sit side by side', () => {
    render(
      <>
        <BrandProvider brand="primary">
          <BrandName />
        </BrandProvider>
        <BrandProvider brand="secondary">
          <BrandName />
        </BrandProvider>
      </>,
    );
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      getBrand('primary').displayName,
      getBrand('secondary').displayName,
    ]);
  });

  it('throws a clear error when useBrand is used outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useBrand())).toThrow(/useBrand\(\) was called outside a <BrandProvider>/);
  });

  it('rejects an unknown brand id with the sdk validation error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bad = 'tertiary' as unknown as BrandRef;
    expect(() => render(<BrandProvider brand={bad}>x</BrandProvider>)).toThrow(/primary.*secondary/);
  });
});
