import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in between our app and its payment gateway (point TEST_GATEWAY_API_URL at `url`): passes requests on to
 * `target`, answers 500 (`error`) or never answers (`silent`), as `mode` says at each request.
 */
export interface GatewayStandIn {
  url: string;
  /** The real gateway's base (…/test-gateway), set once the app listens. */
  target: string;
  mode: 'pass' | 'error' | 'silent';
  /** Every request it was asked, as "METHOD /path" (what our app asked of the provider). */
  requests: string[];
  close(): Promise<void>;
}

export async function startGatewayStandIn(): Promise<GatewayStandIn> {
  let server: Server | undefined;
  const standIn: GatewayStandIn = {
    url: '',
    target: '',
    mode: 'pass',
    requests: [],
    async close() {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
  server = createServer(async (req, res) => {
    standIn.requests.push(`${req.method} ${req.url}`);
    if (standIn.mode === 'error') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"type":"api_error","message":"down"}');
      return;
    }
    if (standIn.mode === 'silent') return;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(`${standIn.target}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  const listening = server;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  return standIn;
}
