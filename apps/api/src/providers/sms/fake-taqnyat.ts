import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message the fake accepted (or refused), as Taqnyat would have received it. */
export interface FakeTaqnyatMessage {
  id: number;
  auth: string | undefined;
  recipients: string[];
  body: string;
  sender: string;
  status: number;
  at: string;
}

export interface FakeTaqnyat {
  url: string;
  messages: FakeTaqnyatMessage[];
  /** Status codes to answer next, in order (a 5xx, a 401); 201 once exhausted. */
  failures: number[];
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
  });

/**
 * A local stand-in for Taqnyat's SMS API (docs/adr/0600) for tests, the bench and the demo: `POST /v1/messages`
 * answers as Taqnyat documents it (201 `{ statusCode, messageId, … }`, or the status queued in `failures` with a
 * `message`); `GET /fake/messages` lists what it received (newest last), for journeys to read.
 */
export async function startFakeTaqnyat(port = 0, host = '127.0.0.1'): Promise<FakeTaqnyat> {
  const fake: FakeTaqnyat = { url: '', messages: [], failures: [], close: async () => {} };
  const server = createServer(async (req, res) => {
    const text = await read(req);
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && req.url?.startsWith('/fake/messages')) {
      res.end(JSON.stringify(fake.messages));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/messages') {
      res.statusCode = 404;
      res.end(JSON.stringify({ statusCode: 404, message: 'Not Found' }));
      return;
    }
    let data: { recipients?: unknown; body?: unknown; sender?: unknown } = {};
    try {
      data = JSON.parse(text) as typeof data;
    } catch {
      // Left empty: refused below.
    }
    const status = fake.failures.shift() ?? 201;
    const recipients = Array.isArray(data.recipients) ? data.recipients.map(String) : [];
    const valid = recipients.length > 0 && typeof data.body === 'string' && typeof data.sender === 'string';
    const answered = status === 201 && !valid ? 400 : status;
    const message: FakeTaqnyatMessage = {
      id: fake.messages.length + 1,
      auth: req.headers.authorization,
      recipients,
      body: String(data.body ?? ''),
      sender: String(data.sender ?? ''),
      status: answered,
      at: new Date().toISOString(),
    };
    fake.messages.push(message);
    res.statusCode = answered;
    if (answered !== 201) {
      res.end(JSON.stringify({ statusCode: answered, message: answered === 401 ? 'Unauthorized' : 'Failed' }));
      return;
    }
    res.end(
      JSON.stringify({
        statusCode: 201,
        messageId: 7000 + message.id,
        cost: '0.0500',
        currency: 'SAR',
        totalCount: recipients.length,
        msgLength: 1,
        accepted: `[${recipients.join(',')},]`,
        rejected: '[]',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  fake.url = `http://${host}:${address.port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

// `node apps/api/src/providers/sms/fake-taqnyat.ts [port]`: the demo's provider (SMS_PROVIDER=taqnyat,
// TAQNYAT_API_URL=http://127.0.0.1:<port>).
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeTaqnyat(Number(process.argv[2] ?? 5099));
  console.log(`fake Taqnyat on ${fake.url} (GET /fake/messages lists what it received)`);
}
