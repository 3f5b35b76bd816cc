import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

const MINUTE_MS = 60_000;

/**
 * The demo brand's queues page (issue 28 item 2): text messages and e-mails given up after their tries (a provider
 * outage), one text still being retried, so the owner's page shows dead letters to send again or drop. Seeded once
 * (the `demo-queue:` keys mark the rows); sending one again goes through the configured provider (the log, locally).
 */
export async function seedDemoQueuesIfAbsent(db: Database, brandSlug: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const rows = async <T>(query: ReturnType<typeof sql>) => (await tx.execute(query)) as unknown as { rows: T[] };
    const [brand] = (await rows<{ id: number }>(sql`select id from brands where slug = ${brandSlug}`)).rows;
    if (!brand) return;
    const [seeded] = (
      await rows<{ id: number }>(sql`select id from sms_outbox
        where brand_id = ${brand.id} and dedupe_key like 'demo-queue:%' limit 1`)
    ).rows;
    if (seeded) return;
    const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS).toISOString();
    const outage = 'Twilio 503: Service Unavailable';
    const texts: [string, string, string, number, string | null, string, string][] = [
      // key, kind, phone, attempts, error, written, next try
      ['demo-queue:1', 'order_ready', '+966500000101', 8, outage, ago(190), ago(5)],
      ['demo-queue:2', 'order_en_route', '+966500000102', 8, outage, ago(150), ago(4)],
      [
        'demo-queue:3',
        'prize_code',
        '+966500000103',
        8,
        'Twilio 400: The number is not a valid mobile number',
        ago(95),
        ago(3),
      ],
      ['demo-queue:4', 'order_ready', '+966500000104', 2, 'Twilio 429: Too Many Requests', ago(12), ago(-360)],
    ];
    for (const [key, kind, phone, attempts, error, written, next] of texts) {
      const status = attempts >= 8 ? 'failed' : 'pending';
      await tx.execute(sql`
        insert into sms_outbox (brand_id, to_phone, body, status, attempts, next_attempt_at, last_error, kind, dedupe_key,
          created_at)
        values (${brand.id}, ${phone}, 'Your order is ready at Sufra Demo.', ${status}, ${attempts}, ${next}, ${error},
          ${kind}, ${key}, ${written})`);
    }
    const mails: [string, string, string][] = [
      ['demo-queue:mail-1', 'new.cashier@sufra.demo', ago(240)],
      ['demo-queue:mail-2', 'new.manager@sufra.demo', ago(70)],
    ];
    for (const [key, to, written] of mails) {
      await tx.execute(sql`
        insert into mail_outbox (brand_id, kind, to_email, language, subject, text_body, html_body, dedupe_key, status,
          attempts, next_attempt_at, last_error, created_at)
        values (${brand.id}, 'staff_invitation', ${to}, 'ar', 'دعوة للانضمام إلى فريق سفرة التجريبي',
          'مرحباً، دُعيت للانضمام إلى فريق سفرة التجريبي.', '<p>مرحباً، دُعيت للانضمام إلى فريق سفرة التجريبي.</p>', ${key},
          'failed', 8, ${written}, '421 4.7.0 Try again later, closing connection', ${written})`);
    }
  });
}
