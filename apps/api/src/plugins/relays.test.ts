import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

// Every poll on (the test default leaves the SMS relay and the expiry sweep to drainOnce()), long enough not to tick.
const POLLING = {
  SMS_RELAY_INTERVAL_MS: '60000',
  TEST_GATEWAY_WEBHOOK_INTERVAL_MS: '60000',
  KITCHEN_RELAY_INTERVAL_MS: '60000',
  CARD_PAYMENT_SWEEP_INTERVAL_MS: '60000',
  POINTS_EXPIRY_INTERVAL_MS: '60000',
  // E-mail through the local catcher (off by default in tests: its relay would have nothing to send through).
  MAIL_CATCHER: 'true',
  MAIL_CATCHER_PORT: '0',
  MAIL_RELAY_INTERVAL_MS: '60000',
};
const NAMES = [
  'SMS relay',
  'test gateway webhook relay',
  'refund relay',
  'card payment expiry',
  'kitchen relay',
  'points expiry',
  'foodics relay',
  'mail relay',
];

describe("the app's relays", () => {
  it('starts every relay once the app is ready and stops each one when it closes', async () => {
    const t = await createTestApp({ env: POLLING });
    const { relays } = t.app;
    // Foodics' relay polls only where Foodics is connected (FOODICS_ACCESS_TOKEN); otherwise it waits for a kick.
    expect(relays.map((r) => [r.name, r.state()])).toEqual(
      NAMES.map((name) => [name, name === 'foodics relay' ? 'idle' : 'running']),
    );
    await t.close();
    expect(relays.map((r) => [r.name, r.state()])).toEqual(NAMES.map((name) => [name, 'stopped']));
  });

  it('lists the relays tests reach by name, and the test gateway’s', async () => {
    const t = await createTestApp();
    try {
      const { app } = t;
      expect(app.relays).toEqual([
        app.smsRelay,
        app.testGateway?.webhooks,
        app.refundRelay,
        app.paymentExpiry,
        app.kitchenRelay,
        app.pointsExpiry,
        app.foodicsRelay,
        app.mailRelay,
      ]);
      // With no poll configured (the tests' SMS relay and expiry sweep) a relay stays idle: drainOnce() runs it.
      expect(app.smsRelay.state()).toBe('idle');
      expect(app.paymentExpiry.state()).toBe('idle');
      expect(app.pointsExpiry.state()).toBe('idle');
      // E-mail off (no SMTP server, no catcher): its relay never polls.
      expect(app.mailRelay.state()).toBe('idle');
    } finally {
      await t.close();
    }
  });
});
