/**
 * Is a drawn delivery zone a polygon the server can use? One outline ring of [lng, lat] positions: closed (the last
 * position repeats the first), at least 3 distinct corners, every position a real coordinate, no two edges crossing
 * (a bow tie contains the wrong half), and at most ZONE_MAX_POINTS corners. null when it is good, else the problem.
 */
export const ZONE_MAX_POINTS = 500;

export type ZonePolygonProblem =
  | 'zone_polygon_not_closed'
  | 'zone_polygon_too_few_points'
  | 'zone_polygon_too_many_points'
  | 'zone_polygon_out_of_range'
  | 'zone_polygon_self_intersecting';

type Point = readonly [number, number];

function orientation(a: Point, b: Point, c: Point): number {
  const v = (b[1] - a[1]) * (c[0] - b[0]) - (b[0] - a[0]) * (c[1] - b[1]);
  return v === 0 ? 0 : v > 0 ? 1 : 2;
}

function onSegment(a: Point, b: Point, c: Point): boolean {
  return (
    b[0] <= Math.max(a[0], c[0]) &&
    b[0] >= Math.min(a[0], c[0]) &&
    b[1] <= Math.max(a[1], c[1]) &&
    b[1] >= Math.min(a[1], c[1])
  );
}

/** Do segments p1-q1 and p2-q2 meet (touching counts)? The classic orientation test. */
function segmentsMeet(p1: Point, q1: Point, p2: Point, q2: Point): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, p2, q1)) return true;
  if (o2 === 0 && onSegment(p1, q2, q1)) return true;
  if (o3 === 0 && onSegment(p2, p1, q2)) return true;
  if (o4 === 0 && onSegment(p2, q1, q2)) return true;
  return false;
}

export function zonePolygonProblem(ring: readonly (readonly number[])[]): ZonePolygonProblem | null {
  if (ring.length > ZONE_MAX_POINTS + 1) return 'zone_polygon_too_many_points';
  for (const p of ring) {
    const [lng, lat] = p;
    if (p.length !== 2 || !Number.isFinite(lng) || !Number.isFinite(lat)) return 'zone_polygon_out_of_range';
    if ((lng as number) < -180 || (lng as number) > 180 || (lat as number) < -90 || (lat as number) > 90) {
      return 'zone_polygon_out_of_range';
    }
  }
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) {
    return ring.length < 3 ? 'zone_polygon_too_few_points' : 'zone_polygon_not_closed';
  }
  const corners = ring.slice(0, -1) as Point[];
  const distinct = new Set(corners.map((p) => `${p[0]},${p[1]}`));
  if (distinct.size < 3 || distinct.size !== corners.length) {
    return distinct.size < 3 ? 'zone_polygon_too_few_points' : 'zone_polygon_self_intersecting';
  }
  const n = corners.length;
  const edge = (i: number): [Point, Point] => [corners[i] as Point, corners[(i + 1) % n] as Point];
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      // Neighbouring edges share a corner; they meet there by construction.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      const [a, b] = edge(i);
      const [c, d] = edge(j);
      if (segmentsMeet(a, b, c, d)) return 'zone_polygon_self_intersecting';
    }
  }
  // All corners on one line: no area, nothing inside.
  const [p0, p1] = corners as [Point, Point];
  if (corners.every((p) => orientation(p0, p1, p) === 0)) return 'zone_polygon_too_few_points';
  return null;
}
