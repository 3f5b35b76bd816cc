import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { brands } from '../schema/brands.ts';
import { gameSegments, games } from '../schema/games.ts';
import { rewards } from '../schema/loyalty.ts';

/** The demo brand's games (issue 17), so the demo shows the wheel and register-and-win with prizes, points and odds. */
interface SeedSegment {
  label: [ar: string, en: string];
  color: string;
  prize: 'reward' | 'points' | 'none';
  /** The reward's English name (one of the brand's seeded rewards). */
  reward?: string;
  points?: number;
  sendBySms?: boolean;
  weight: number;
  stock?: number;
  dailyBudget?: number;
}

const DEMO_GAMES: { kind: 'wheel' | 'register_and_win'; name: [string, string]; segments: SeedSegment[] }[] = [
  {
    kind: 'wheel',
    name: ['عجلة سُفرة', 'The Sufra wheel'],
    segments: [
      {
        label: ['شاي كرك', 'Karak tea'],
        color: '#b5462f',
        prize: 'reward',
        reward: 'Free Karak Tea',
        weight: 10,
        stock: 100,
        dailyBudget: 20,
      },
      { label: ['حاول مجددًا', 'Try again'], color: '#6b7280', prize: 'none', weight: 30 },
      { label: ['٥٠ نقطة', '50 points'], color: '#2f6fb5', prize: 'points', points: 50, weight: 15, stock: 500 },
      {
        label: ['كنافة', 'Kunafa'],
        color: '#c28a12',
        prize: 'reward',
        reward: 'Free Kunafa',
        weight: 3,
        stock: 20,
        dailyBudget: 3,
        sendBySms: true,
      },
      { label: ['حاول مجددًا', 'Try again'], color: '#4b5563', prize: 'none', weight: 30 },
      {
        label: ['عصير برتقال', 'Orange juice'],
        color: '#e07a1f',
        prize: 'reward',
        reward: 'Free Fresh Orange Juice',
        weight: 12,
        stock: 100,
      },
    ],
  },
  {
    kind: 'register_and_win',
    name: ['سجّل واربح', 'Register and win'],
    // Everyone who registers wins something: each segment a reward that lands in My Rewards.
    segments: [
      {
        label: ['شاي كرك', 'Karak tea'],
        color: '#b5462f',
        prize: 'reward',
        reward: 'Free Karak Tea',
        weight: 50,
        stock: 300,
      },
      {
        label: ['عصير برتقال', 'Orange juice'],
        color: '#e07a1f',
        prize: 'reward',
        reward: 'Free Fresh Orange Juice',
        weight: 35,
        stock: 200,
      },
      { label: ['كنافة', 'Kunafa'], color: '#c28a12', prize: 'reward', reward: 'Free Kunafa', weight: 15, stock: 50 },
    ],
  },
];

/** Seeds the demo brand's games when it has none (idempotent: a database seeded before games gets them once). */
export async function seedDemoGamesIfAbsent(db: Database, brandSlug: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.slug, brandSlug));
    if (!brand) return;
    const [existing] = await tx.select({ id: games.id }).from(games).where(eq(games.brandId, brand.id)).limit(1);
    if (existing) return;
    const owned = await tx
      .select({ id: rewards.id, nameEn: rewards.nameEn })
      .from(rewards)
      .where(and(eq(rewards.brandId, brand.id)));
    const rewardId = (name: string) => {
      const found = owned.find((r) => r.nameEn === name);
      if (!found) throw new Error(`demo games: no reward named ${name}`);
      return found.id;
    };
    for (const g of DEMO_GAMES) {
      const [game] = await tx
        .insert(games)
        .values({ brandId: brand.id, kind: g.kind, nameAr: g.name[0], nameEn: g.name[1], cooldownDaysAfterWin: 7 })
        .returning({ id: games.id });
      if (!game) throw new Error('demo games: insert returned nothing');
      await tx.insert(gameSegments).values(
        g.segments.map((s, position) => ({
          gameId: game.id,
          position,
          labelAr: s.label[0],
          labelEn: s.label[1],
          color: s.color,
          prize: s.prize,
          rewardId: s.reward ? rewardId(s.reward) : null,
          points: s.points ?? null,
          sendBySms: s.sendBySms ?? false,
          weight: s.weight,
          stock: s.stock ?? null,
          dailyBudget: s.dailyBudget ?? null,
        })),
      );
    }
  });
}
