import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for Twilio's Messages API: counts the requests, fails the next `failures` of them. */
export async function startFakeTwilio() {
  const fake = { url: '', requests: 0, failures: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      fake.requests += 1;
      res.setHeader('content-type', 'application/json');
      if (fake.failures > 0) {
        fake.failures -= 1;
        res.statusCode = 503;
        res.end(JSON.stringify({ code: 20500, message: 'Service unavailable', status: 503 }));
        return;
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${String(fake.requests).padStart(32, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
