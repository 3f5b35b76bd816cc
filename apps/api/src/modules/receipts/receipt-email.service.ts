import { renderReceiptEmail } from '@sufra/shared/notify/receipt-email';
import type { Receipt, ReceiptEmail } from '@sufra/shared/schemas/receipt';
import qrcode from 'qrcode-generator';
import sharp from 'sharp';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config/env.ts';
import type { OrderLifecycle, OrderMomentEvent } from '../../core/order-lifecycle.service.ts';
import type { Queryable } from '../../db/client.ts';
import type { MailMessage } from '../../providers/mail/mail-transport.ts';
import { mailIsOn, queueMail, receiptMailsOf } from '../email/email.service.ts';
import { findBranchQrUuid, findDinerMail } from './receipts.repo.ts';

/** "Email me this receipt": not again within this long of the last receipt e-mail of the order… */
export const RECEIPT_EMAIL_GAP_MS = 2 * 60_000;
/** …and at most this many receipt e-mails per order in all (the automatic one included). */
export const RECEIPT_EMAILS_PER_ORDER = 5;

/** What the relay hands over of an outbox row to compose its receipt. */
export interface ClaimedMailForReceipt {
  orderId: number | null;
  brandId: number;
  language: 'ar' | 'en';
}

/** The inline QR image's Content-ID in a receipt e-mail. */
export const RECEIPT_QR_CID = 'zatca-qr@sufra';

/** What the receipt page and the staff view say about e-mailing this order's receipt. */
export async function receiptEmailState(
  ctx: AppContext,
  order: { id: number; customerId: number | null; brandId: number },
): Promise<ReceiptEmail> {
  const diner = order.customerId === null ? undefined : await findDinerMail(ctx.db, order.customerId, order.brandId);
  const mails = await receiptMailsOf(ctx.db, order.id);
  return {
    availability: !mailIsOn(ctx.config) ? 'off' : diner?.email ? 'ready' : 'no_address',
    latest: mails.latest
      ? {
          status: mails.latest.status,
          queuedAt: mails.latest.queuedAt.toISOString(),
          sentAt: mails.latest.sentAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The ZATCA QR text as a PNG (an inline image: mail clients show PNG, not SVG). */
export async function zatcaQrPng(text: string): Promise<Buffer> {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const svg = qr.createSvgTag({ cellSize: 6, margin: 24, scalable: false });
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The receipt e-mail of a stored order, composed when the relay sends it: the receipt's own figures, in the
 * language the row was written in, the tax invoice's QR code as an inline PNG for a branch that is not integrated.
 */
export async function composeReceiptMail(
  ctx: AppContext,
  receiptOfOrder: (orderId: number, brandId: number) => Promise<Receipt>,
  mail: ClaimedMailForReceipt,
): Promise<Omit<MailMessage, 'to' | 'language'>> {
  if (mail.orderId === null) throw new Error('a receipt e-mail without its order');
  const receipt = await receiptOfOrder(mail.orderId, mail.brandId);
  const qr = receipt.invoice.zatcaQr;
  const uuid = await findBranchQrUuid(ctx.db, receipt.order.branchId);
  const receiptUrl = uuid ? `${ctx.config.publicUrl}/receipt/${uuid}?order=${receipt.order.id}` : null;
  const rendered = renderReceiptEmail(receipt, mail.language, { qrCid: qr ? RECEIPT_QR_CID : null, receiptUrl });
  return {
    ...rendered,
    inline: qr
      ? [{ cid: RECEIPT_QR_CID, filename: 'zatca-qr.png', contentType: 'image/png', content: await zatcaQrPng(qr) }]
      : [],
  };
}

/**
 * The receipt e-mailed once when the order is completed (docs/adr/0620): in the moment's transaction, to the
 * address the diner gave, in their language. The outbox's unique key keeps it to one, whatever moves again.
 */
async function orderCompleted(config: Config, tx: Queryable, { order, at }: OrderMomentEvent): Promise<void> {
  if (!mailIsOn(config) || order.customerId === null) return;
  const diner = await findDinerMail(tx, order.customerId, order.brandId);
  if (!diner?.email) return;
  await queueMail(tx, {
    brandId: order.brandId,
    kind: 'receipt',
    toEmail: diner.email,
    language: diner.language === 'en' ? 'en' : 'ar',
    orderId: order.id,
    dedupeKey: `receipt:${order.id}`,
    now: at,
  });
}

export function subscribeReceiptEmail(lifecycle: OrderLifecycle, config: Config): void {
  lifecycle.on('completed', 'receipts: e-mail the receipt once the order is completed', (tx, event) =>
    orderCompleted(config, tx, event),
  );
}
