import { describe, expect, it } from 'vitest';
import { apiBaseForHost, imageUrl } from './host-rule.ts';

const config = {
  defaultApiBase: '',
  hostMap: { 'menu.brand.sa': 'https://api.brand.sa/', 'staging.sufra.sa': 'https://api-staging.sufra.sa' },
};

describe('apiBaseForHost', () => {
  it('uses the explicit host map first, without a trailing slash', () => {
    expect(apiBaseForHost('menu.brand.sa', 'https:', config)).toBe('https://api.brand.sa');
    expect(apiBaseForHost('STAGING.sufra.sa', 'https:', config)).toBe('https://api-staging.sufra.sa');
  });

  it('replaces a leading qr., umrah. or florinz. with api.', () => {
    expect(apiBaseForHost('qr.example.sa', 'https:', config)).toBe('https://api.example.sa');
    expect(apiBaseForHost('umrah.example.sa', 'https:', config)).toBe('https://api.example.sa');
    expect(apiBaseForHost('florinz.example.sa', 'http:', config)).toBe('http://api.example.sa');
  });

  it('only replaces a leading prefix', () => {
    expect(apiBaseForHost('menu.qr.example.sa', 'https:', config)).toBe('');
  });

  it('falls back to the default base, same origin when empty', () => {
    expect(apiBaseForHost('localhost:3000', 'http:', config)).toBe('');
    expect(apiBaseForHost('x.sa', 'https:', { defaultApiBase: 'https://api.sufra.sa/', hostMap: {} })).toBe(
      'https://api.sufra.sa',
    );
  });
});

describe('imageUrl', () => {
  it('prefixes relative paths with the image host', () => {
    expect(imageUrl('/images/a.svg', 'https://img.sufra.sa/')).toBe('https://img.sufra.sa/images/a.svg');
    expect(imageUrl('images/a.svg', 'https://img.sufra.sa')).toBe('https://img.sufra.sa/images/a.svg');
    expect(imageUrl('/images/a.svg', '')).toBe('/images/a.svg');
  });

  it('keeps absolute URLs and empty values as they are', () => {
    expect(imageUrl('https://cdn.x/a.png', 'https://img.sufra.sa')).toBe('https://cdn.x/a.png');
    expect(imageUrl('//cdn.x/a.png', 'https://img.sufra.sa')).toBe('//cdn.x/a.png');
    expect(imageUrl(null, 'https://img.sufra.sa')).toBeNull();
    expect(imageUrl('', 'https://img.sufra.sa')).toBeNull();
  });
});
