import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTaqnyat, startFakeTaqnyat } from './fake-taqnyat.ts';
import { createTaqnyatSmsProvider } from './taqnyat-sms-provider.ts';

describe('Taqnyat adapter (ADR 0600)', () => {
  let fake: FakeTaqnyat;
  beforeEach(async () => {
    fake = await startFakeTaqnyat();
  });
  afterEach(() => fake.close());

  it('posts recipients without "+", the body and the sender as JSON with the bearer token; returns messageId', async () => {
    const provider = createTaqnyatSmsProvider({ bearerToken: 'tok', sender: 'Sufra', apiUrl: fake.url });
    const result = await provider.send({ to: '+966501234567', body: 'طلبك جاهز' });
    expect(result.providerMessageId).toBe('7001');
    expect(fake.messages).toMatchObject([
      { auth: 'Bearer tok', recipients: ['966501234567'], body: 'طلبك جاهز', sender: 'Sufra', status: 201 },
    ]);
  });

  it("throws on a non-2xx answer with Taqnyat's message, so the relay retries", async () => {
    fake.failures = [401];
    const provider = createTaqnyatSmsProvider({ bearerToken: 'bad', sender: 'Sufra', apiUrl: fake.url });
    await expect(provider.send({ to: '+966501234567', body: 'x' })).rejects.toThrow(
      'taqnyat answered 401: Unauthorized',
    );
  });
});
