/** One e-mail as the relay hands it over: both bodies, and images the HTML shows inline (`cid:`). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Images referenced from the HTML as `cid:<cid>`. */
  inline: { cid: string; filename: string; contentType: string; content: Buffer }[];
  /** The language it is written in (Content-Language). */
  language: 'ar' | 'en';
}

/** What the core needs from a mail server. Adapters throw on failure; the relay retries. */
export interface MailTransport {
  readonly name: string;
  /** Sends one e-mail; resolves with the server's message id. */
  send(message: MailMessage): Promise<{ messageId: string | null }>;
  close(): Promise<void>;
}
