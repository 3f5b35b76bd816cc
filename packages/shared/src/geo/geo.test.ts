import { describe, expect, it } from 'vitest';
import { distanceMeters } from './distance.ts';
import { isPointInZone } from './point-in-zone.ts';

describe('distanceMeters', () => {
  it('is zero for the same point', () => {
    expect(distanceMeters({ lat: 24.7, lng: 46.7 }, { lat: 24.7, lng: 46.7 })).toBe(0);
  });

  it('measures one degree of latitude as about 111.2 km', () => {
    expect(distanceMeters({ lat: 24, lng: 46 }, { lat: 25, lng: 46 })).toBeCloseTo(111_195, -1);
  });

  it('measures Riyadh to Jeddah as about 846 km', () => {
    const km = distanceMeters({ lat: 24.7136, lng: 46.6753 }, { lat: 21.4858, lng: 39.1925 }) / 1000;
    expect(km).toBeGreaterThan(840);
    expect(km).toBeLessThan(852);
  });
});

describe('isPointInZone', () => {
  const square = [
    [46.6, 24.6],
    [46.8, 24.6],
    [46.8, 24.8],
    [46.6, 24.8],
    [46.6, 24.6],
  ];
  const hole = [
    [46.69, 24.69],
    [46.71, 24.69],
    [46.71, 24.71],
    [46.69, 24.71],
    [46.69, 24.69],
  ];

  it('finds a point inside a polygon and not one outside', () => {
    expect(isPointInZone({ lat: 24.65, lng: 46.65 }, { type: 'Polygon', coordinates: [square] })).toBe(true);
    expect(isPointInZone({ lat: 24.9, lng: 46.65 }, { type: 'Polygon', coordinates: [square] })).toBe(false);
  });

  it('reads positions as [lng, lat], not [lat, lng]', () => {
    expect(isPointInZone({ lat: 46.65, lng: 24.65 }, { type: 'Polygon', coordinates: [square] })).toBe(false);
  });

  it('leaves out a hole', () => {
    expect(isPointInZone({ lat: 24.7, lng: 46.7 }, { type: 'Polygon', coordinates: [square, hole] })).toBe(false);
  });

  it('matches any polygon of a MultiPolygon', () => {
    const far = square.map(([lng, lat]) => [(lng as number) + 1, lat as number]);
    const zone = { type: 'MultiPolygon' as const, coordinates: [[square], [far]] };
    expect(isPointInZone({ lat: 24.65, lng: 47.65 }, zone)).toBe(true);
    expect(isPointInZone({ lat: 24.65, lng: 48.65 }, zone)).toBe(false);
  });

  it('never matches a malformed geometry', () => {
    expect(isPointInZone({ lat: 24.65, lng: 46.65 }, { type: 'Polygon', coordinates: [] })).toBe(false);
    expect(isPointInZone({ lat: 24.65, lng: 46.65 }, { type: 'Polygon', coordinates: [[[1, 2]]] })).toBe(false);
  });
});
