/**
 * The only place the web app reads its build-time environment (house rule 9). Validated by hand:
 * full zod must not enter the browser bundle. A bad value fails fast with a clear message.
 */
function readString(name: string, fallback: string): string {
  const value: unknown = import.meta.env[name];
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string') throw new Error(`${name} must be a string`);
  return value;
}

function readHostMap(name: string): Record<string, string> {
  const raw = readString(name, '{}');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${name} must be JSON, e.g. {"qr.brand.sa":"https://api.brand.sa"}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${name} must be a JSON object of page host → API base URL`);
  }
  const map: Record<string, string> = {};
  for (const [host, base] of Object.entries(parsed)) {
    if (typeof base !== 'string') throw new Error(`${name}: the API base for "${host}" must be a string`);
    map[host.toLowerCase()] = base;
  }
  return map;
}

export const env = {
  /** API base used when no host rule matches; '' = same origin (the API serves the app). */
  API_BASE: readString('VITE_API_BASE', ''),
  /** Prefix for relative image paths; '' = same origin. */
  IMAGE_HOST: readString('VITE_IMAGE_HOST', ''),
  /** Page host → API base pairs (per-brand, staging and test hosts). */
  API_HOST_MAP: readHostMap('VITE_API_HOST_MAP'),
  /** Storage key names for the auth tokens (the spec makes them configurable). */
  ACCESS_TOKEN_KEY: readString('VITE_ACCESS_TOKEN_KEY', 'sufra.accessToken'),
  REFRESH_TOKEN_KEY: readString('VITE_REFRESH_TOKEN_KEY', 'sufra.refreshToken'),
  /**
   * Map tiles for the address form, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png. '' = no tile layer: a
   * neutral background with the pin still usable (offline demos and tests).
   */
  MAP_TILE_URL: readString('VITE_MAP_TILE_URL', ''),
  /** Attribution the tile provider requires (HTML allowed by Leaflet), shown when MAP_TILE_URL is set. */
  MAP_TILE_ATTRIBUTION: readString('VITE_MAP_TILE_ATTRIBUTION', ''),
} as const;
