// @vitest-environment node
import { getBrand } from '@matchkit/sdk/brands';
import { describe, expect, it } from 'vitest';
import { supportEmail } from './support';

describe('supportEmail', () => {
  it("is the brand's own address on the reserved .example domain when the build sets none", () => {
    expect(supportEmail(getBrand('primary'))).toBe('support@brightlay.example');
    expect(supportEmail(getBrand('secondary'))).toBe('support@steadyback.example');
  });

  it('makes a usable address from any display name', () => {
    expect(supportEmail({ displayName: 'Back & Lay Co.' })).toBe('support@back-lay-co.example');
    expect(supportEmail({ displayName: '!!!' })).toBe('support@matchkit.example');
  });
});
