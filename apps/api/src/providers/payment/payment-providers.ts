import type { PaymentsConfig } from '../../config/env.ts';
import { createMoyasarProvider } from './moyasar-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createTestGatewayProvider } from './test-gateway-provider.ts';

/** The configured provider: Moyasar when PAYMENT_PROVIDER=moyasar, else the built-in test gateway. */
export function createPaymentProvider(payments: PaymentsConfig): PaymentProvider {
  if (payments.provider === 'moyasar' && payments.moyasar) {
    return createMoyasarProvider({ ...payments.moyasar, timeoutMs: payments.timeoutMs });
  }
  return createTestGatewayProvider({
    apiUrl: payments.testGateway.apiUrl,
    secretKey: payments.testGateway.secretKey,
    webhookSecret: payments.testGateway.webhookSecret,
    timeoutMs: payments.timeoutMs,
  });
}
