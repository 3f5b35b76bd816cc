import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { qrCodes } from '../schema/branches.ts';
import { brands } from '../schema/brands.ts';
import { gameSegments, games } from '../schema/games.ts';
import { rewards } from '../schema/loyalty.ts';
import { yasmin } from './demo-brand/branches.ts';

/** The Al Yasmin branch's counter QR: its own wheel, every prize's code sent by SMS (e2e/tests/games-prize-sms.spec.ts). */
export const DEMO_SMS_WHEEL_QR = yasmin.qrCodes[0]?.uuid ?? '';

/**
 * The Al Yasmin branch's own wheel (issue 28: "a prize won that arrives by SMS"): every segment a reward whose code is
 * texted, so a spin there always sends one. A branch's own game comes before the brand's (games.repo), so the brand's
 * wheel, its odds and its cooldown stay as they are at every other branch. Seeded once (a game of this branch).
 */
export async function seedDemoSmsWheelIfAbsent(db: Database, brandSlug: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, brandSlug));
    const [qr] = await tx
      .select({ branchId: qrCodes.branchId })
      .from(qrCodes)
      .where(eq(qrCodes.uuid, DEMO_SMS_WHEEL_QR));
    if (!brand || !qr) return;
    const [existing] = await tx
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.brandId, brand.id), eq(games.branchId, qr.branchId), eq(games.kind, 'wheel')))
      .limit(1);
    if (existing) return;
    const owned = await tx
      .select({ id: rewards.id, nameEn: rewards.nameEn })
      .from(rewards)
      .where(and(eq(rewards.brandId, brand.id), inArray(rewards.nameEn, ['Free Kunafa', 'Free Karak Tea'])));
    const rewardId = (name: string) => {
      const found = owned.find((r) => r.nameEn === name);
      if (!found) throw new Error(`demo SMS wheel: no reward named ${name}`);
      return found.id;
    };
    const [game] = await tx
      .insert(games)
      .values({
        brandId: brand.id,
        branchId: qr.branchId,
        kind: 'wheel',
        nameAr: 'عجلة الياسمين',
        nameEn: 'The Yasmin wheel',
        cooldownDaysAfterWin: 7,
      })
      .returning({ id: games.id });
    if (!game) throw new Error('demo SMS wheel: insert returned nothing');
    await tx.insert(gameSegments).values([
      {
        gameId: game.id,
        position: 0,
        labelAr: 'كنافة',
        labelEn: 'Kunafa',
        color: '#c28a12',
        prize: 'reward',
        rewardId: rewardId('Free Kunafa'),
        sendBySms: true,
        weight: 1,
      },
      {
        gameId: game.id,
        position: 1,
        labelAr: 'شاي كرك',
        labelEn: 'Karak tea',
        color: '#b5462f',
        prize: 'reward',
        rewardId: rewardId('Free Karak Tea'),
        sendBySms: true,
        weight: 1,
      },
    ]);
  });
}
