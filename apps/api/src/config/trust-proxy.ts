import { isIP } from 'node:net';
import type { Config } from './config-types.ts';

/**
 * TRUST_PROXY: empty/false → trust no one; a whole number n ≥ 1 → the client is the address n hops back (1: one
 * load balancer in front); otherwise a comma-separated list of proxy addresses or CIDRs (Fastify's trustProxy,
 * i.e. proxy-addr, also takes the names loopback, linklocal, uniquelocal). "true" is refused: trusting every hop
 * takes the left-most X-Forwarded-For entry, which the client writes itself, so any per-address limit could be
 * bypassed by rotating it. A string answer is the problem to report.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') {
    return "true would trust every X-Forwarded-For entry (a client can forge them); give the hop count (e.g. 1) or the proxies' addresses/CIDRs";
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 16 ? hops : 'a hop count must be between 1 and 16';
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const bad = entries.filter((entry) => {
    if (named.has(entry)) return false;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    if (bits === undefined) return false;
    const max = family === 4 ? 32 : 128;
    return !/^\d+$/.test(bits) || Number(bits) > max;
  });
  if (entries.length === 0 || bad.length > 0) {
    return `not a hop count or a list of addresses/CIDRs: ${bad.join(', ') || value}`;
  }
  return entries;
}

/**
 * Fastify's trustProxy for the configured value. Fastify 5 answers a bare hop count by trusting no one (a direct
 * client could otherwise forge enough hops), so a count is given as proxy-addr's own rule: the first n hops
 * from this server are proxies. That is right when the server is reachable only through them (TRUST_PROXY=1
 * behind one load balancer, the port closed to the internet); otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(
  value: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
