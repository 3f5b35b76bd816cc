import { describe, expect, it } from 'vitest';
import { matchPath, patternScore } from './match-path';

describe('matchPath', () => {
  it('matches static and dynamic segments and returns decoded params', () => {
    expect(matchPath('/items/:uuid/:id/:name', '/items/abc/12/chicken%20kabsa')).toEqual({
      uuid: 'abc',
      id: '12',
      name: 'chicken kabsa',
    });
  });

  it('ignores a trailing slash', () => {
    expect(matchPath('/menu/:uuid', '/menu/abc/')).toEqual({ uuid: 'abc' });
  });

  it('refuses paths with more or fewer segments', () => {
    expect(matchPath('/menu/:uuid', '/menu')).toBeNull();
    expect(matchPath('/menu/:uuid', '/menu/abc/extra')).toBeNull();
  });

  it('refuses a different static segment', () => {
    expect(matchPath('/menu/:uuid', '/cart/abc')).toBeNull();
  });

  it('captures the rest of the path in a splat', () => {
    expect(matchPath('/qr/:uuid/*', '/qr/abc/x/y')).toEqual({ uuid: 'abc', '*': 'x/y' });
    expect(matchPath('*', '/anything/at/all')).toEqual({ '*': 'anything/at/all' });
  });

  it('keeps a malformed escape as it is', () => {
    expect(matchPath('/reference/:code', '/reference/%E0%A4%A')).toEqual({ code: '%E0%A4%A' });
  });
});

describe('patternScore', () => {
  it('ranks static over dynamic over splat', () => {
    expect(patternScore('/error')).toBeGreaterThan(patternScore('*'));
    expect(patternScore('/qr/:uuid')).toBeGreaterThan(patternScore('/qr/:uuid/*'));
    expect(patternScore('/items/:uuid/:id/:name')).toBeGreaterThan(patternScore('/items/:uuid/:name'));
  });
});
