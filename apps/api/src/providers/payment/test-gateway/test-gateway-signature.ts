import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying the webhook's signature: "sha256=" + hex HMAC-SHA256 of the raw body with the webhook secret. */
export const GATEWAY_SIGNATURE_HEADER = 'x-test-gateway-signature';
export const GATEWAY_EVENT_HEADER = 'x-test-gateway-event-id';

export function signGatewayWebhook(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/** Constant-time comparison, so a forger learns nothing from how fast a wrong signature is refused. */
export function gatewaySignatureValid(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signGatewayWebhook(secret, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
