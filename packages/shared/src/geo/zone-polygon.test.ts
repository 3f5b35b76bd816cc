import { describe, expect, it } from 'vitest';
import { pickDeliveryZone } from './point-in-zone.ts';
import { zonePolygonProblem } from './zone-polygon.ts';

const square = [
  [46.6, 24.6],
  [46.8, 24.6],
  [46.8, 24.8],
  [46.6, 24.8],
  [46.6, 24.6],
];

describe('zonePolygonProblem', () => {
  it('accepts a closed ring of three or more corners', () => {
    expect(zonePolygonProblem(square)).toBeNull();
    expect(
      zonePolygonProblem([
        [46, 24],
        [47, 24],
        [46.5, 25],
        [46, 24],
      ]),
    ).toBeNull();
  });

  it('refuses an open ring, too few corners, a line, and too many corners', () => {
    expect(zonePolygonProblem(square.slice(0, 4))).toBe('zone_polygon_not_closed');
    expect(
      zonePolygonProblem([
        [46, 24],
        [47, 24],
        [46, 24],
      ]),
    ).toBe('zone_polygon_too_few_points');
    expect(
      zonePolygonProblem([
        [46, 24],
        [47, 24],
        [48, 24],
        [46, 24],
      ]),
    ).toBe('zone_polygon_too_few_points');
    const many = Array.from({ length: 600 }, (_, i) => [46 + Math.cos(i / 100), 24 + Math.sin(i / 100)]);
    expect(zonePolygonProblem([...many, many[0] as number[]])).toBe('zone_polygon_too_many_points');
  });

  it('refuses a bow tie and a repeated corner', () => {
    expect(
      zonePolygonProblem([
        [46, 24],
        [47, 25],
        [47, 24],
        [46, 25],
        [46, 24],
      ]),
    ).toBe('zone_polygon_self_intersecting');
    expect(
      zonePolygonProblem([
        [46, 24],
        [47, 24],
        [47, 25],
        [47, 24],
        [46, 25],
        [46, 24],
      ]),
    ).toBe('zone_polygon_self_intersecting');
  });

  it('refuses a position that is no place on Earth', () => {
    expect(
      zonePolygonProblem([
        [46, 24],
        [247, 24],
        [46.5, 25],
        [46, 24],
      ]),
    ).toBe('zone_polygon_out_of_range');
    expect(
      zonePolygonProblem([
        [46, 24],
        [47, 95],
        [46.5, 25],
        [46, 24],
      ]),
    ).toBe('zone_polygon_out_of_range');
    expect(
      zonePolygonProblem([
        [46, 24],
        [47, Number.NaN],
        [46.5, 25],
        [46, 24],
      ]),
    ).toBe('zone_polygon_out_of_range');
  });
});

describe('pickDeliveryZone', () => {
  const small = [
    [46.65, 24.65],
    [46.75, 24.65],
    [46.75, 24.75],
    [46.65, 24.75],
    [46.65, 24.65],
  ];
  const big = { id: 1, priority: 0, geometry: { type: 'Polygon' as const, coordinates: [square] } };
  const inner = { id: 2, priority: 5, geometry: { type: 'Polygon' as const, coordinates: [small] } };

  it('picks the highest priority zone containing the point, whatever the order', () => {
    expect(pickDeliveryZone({ lat: 24.7, lng: 46.7 }, [big, inner])?.id).toBe(2);
    expect(pickDeliveryZone({ lat: 24.7, lng: 46.7 }, [inner, big])?.id).toBe(2);
    expect(pickDeliveryZone({ lat: 24.62, lng: 46.62 }, [inner, big])?.id).toBe(1);
    expect(pickDeliveryZone({ lat: 25.5, lng: 46.7 }, [inner, big])).toBeUndefined();
  });

  it('picks the older zone (lower id) where priorities tie', () => {
    const twin = { ...big, id: 7 };
    expect(pickDeliveryZone({ lat: 24.7, lng: 46.7 }, [twin, big])?.id).toBe(1);
  });
});
