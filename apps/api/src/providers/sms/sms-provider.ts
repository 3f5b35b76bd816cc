/** What the core needs from an SMS gateway. Adapters throw on failure; the relay retries. */
export interface SmsProvider {
  readonly name: string;
  /** Sends one text; resolves with the provider's message id. */
  send(message: { to: string; body: string }): Promise<{ providerMessageId: string | null }>;
}
