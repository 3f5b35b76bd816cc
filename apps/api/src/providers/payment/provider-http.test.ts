import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentProviderError } from './payment-provider.ts';
import { webhookEnvelope, webhookJson } from './provider-http.ts';

/** The webhook parsing every adapter shares (each adapter's own checks are in its tests). */
describe("a webhook's body", () => {
  const envelope = z.object({ id: z.string(), type: z.string() });
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof PaymentProviderError ? `${error.kind}: ${error.message}` : 'another error';
    }
    return 'accepted';
  };

  it('is read as JSON, and malformed JSON is webhook_invalid named after the provider', () => {
    expect(webhookJson({ rawBody: '{"id":"evt_1"}', headers: {} }, 'moyasar')).toEqual({ id: 'evt_1' });
    expect(refusal(() => webhookJson({ rawBody: '{"id":', headers: {} }, 'moyasar'))).toBe(
      'webhook_invalid: moyasar webhook: malformed JSON',
    );
  });

  it("is read with the adapter's envelope, and any other shape is webhook_invalid", () => {
    expect(webhookEnvelope(envelope, { id: 'evt_1', type: 'payment_paid', extra: 1 }, 'test gateway')).toEqual({
      id: 'evt_1',
      type: 'payment_paid',
    });
    expect(refusal(() => webhookEnvelope(envelope, { id: 1 }, 'test gateway'))).toBe(
      'webhook_invalid: test gateway webhook: unexpected body',
    );
  });
});
