/**
 * The spec's API host rule (§9): known page hosts map to their own API hosts; otherwise a leading
 * "qr.", "umrah." or "florinz." of the page host is replaced with "api."; otherwise the default.
 * An empty default means "same origin" (the API is served beside the app), which is our default.
 */
export interface HostRuleConfig {
  /** Base URL used when no rule matches; '' = same origin. */
  defaultApiBase: string;
  /** Explicit page host → API base URL pairs (per-brand, staging and test hosts). */
  hostMap: Record<string, string>;
}

const PREFIXES = ['qr.', 'umrah.', 'florinz.'];

export function apiBaseForHost(pageHost: string, protocol: string, config: HostRuleConfig): string {
  const host = pageHost.toLowerCase();
  const mapped = config.hostMap[host];
  if (mapped !== undefined) return stripSlash(mapped);
  for (const prefix of PREFIXES) {
    if (host.startsWith(prefix)) return `${protocol}//api.${host.slice(prefix.length)}`;
  }
  return stripSlash(config.defaultApiBase);
}

function stripSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** Item images with a relative path are prefixed with the configured image host (spec §9). */
export function imageUrl(path: string | null | undefined, imageHost: string): string | null {
  if (!path) return null;
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:')) return path;
  const host = stripSlash(imageHost);
  return `${host}${path.startsWith('/') ? '' : '/'}${path}`;
}
