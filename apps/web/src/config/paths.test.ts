import { describe, expect, it } from 'vitest';
import { paths, safeReturnPath } from './paths';

describe('paths', () => {
  it('builds the sign-in link with its return path', () => {
    const uuid = '3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c';
    expect(paths.register.build(uuid)).toBe(`/register/${uuid}`);
    expect(paths.register.build(uuid, { mode: 'signin', next: `/menu/${uuid}` })).toBe(
      `/register/${uuid}?mode=signin&next=%2Fmenu%2F${uuid}`,
    );
  });

  it('puts the order id of the confirmation page in its query', () => {
    const uuid = '3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c';
    expect(paths.confirmOrder.build(uuid, 42)).toBe(`/confirm-order/${uuid}?order=42`);
    expect(paths.confirmOrder.build(uuid)).toBe(`/confirm-order/${uuid}`);
  });

  it('accepts only return paths of our own pages', () => {
    expect(safeReturnPath('/menu/x?lang=en')).toBe('/menu/x?lang=en');
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});
