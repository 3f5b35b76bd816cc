/**
 * Is a point inside a delivery zone? Zones are GeoJSON Polygon or MultiPolygon geometries with [lng, lat]
 * positions; a polygon's first ring is its outline and the others are holes. Planar ray casting: zones are a
 * few kilometres wide, where the curvature of the Earth changes nothing that matters.
 */
export interface ZoneGeometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: unknown[];
}

type Ring = readonly (readonly number[])[];

function inRing(lng: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function isRing(value: unknown): value is Ring {
  return (
    Array.isArray(value) &&
    value.length >= 4 &&
    value.every((p) => Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number')
  );
}

function inPolygon(lng: number, lat: number, polygon: unknown): boolean {
  if (!Array.isArray(polygon) || !isRing(polygon[0])) return false;
  const [outline, ...holes] = polygon as Ring[];
  if (!inRing(lng, lat, outline as Ring)) return false;
  return !holes.some((hole) => isRing(hole) && inRing(lng, lat, hole));
}

/** A malformed geometry contains nothing (the zone simply never matches). */
export function isPointInZone(point: { lat: number; lng: number }, geometry: ZoneGeometry): boolean {
  if (geometry.type === 'Polygon') return inPolygon(point.lng, point.lat, geometry.coordinates);
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.some((p) => inPolygon(point.lng, point.lat, p));
  return false;
}

/**
 * The zone that serves a point: of the zones containing it, the highest priority, then the lowest id (the older
 * zone) where priorities tie. The one rule for the server's check at placement and the diner's address form.
 */
export function pickDeliveryZone<Z extends { id: number; priority?: number; geometry: ZoneGeometry }>(
  point: { lat: number; lng: number },
  zones: readonly Z[],
): Z | undefined {
  let best: Z | undefined;
  for (const zone of zones) {
    if (!isPointInZone(point, zone.geometry)) continue;
    const p = zone.priority ?? 0;
    const b = best?.priority ?? 0;
    if (!best || p > b || (p === b && zone.id < best.id)) best = zone;
  }
  return best;
}
