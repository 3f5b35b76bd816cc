// The wheel (issue 17) on real PostgreSQL: spins per second at 50 connections against the real server, each request
// a different signed-in diner (the one-a-minute rule would refuse a diner's second spin), with a prize whose stock
// of 10 must end exactly at 10 won.
import autocannon from 'autocannon';
import pg from 'pg';
import { signAccessToken } from '../../apps/api/src/core/session-tokens.service.ts';
import { ORDER_CONNECTIONS } from './orders.ts';
import { startServer } from './processes.ts';
import { freshDatabase, ORDER_QR } from './setup.ts';

const DATABASE_NAME = 'sufra_bench_spins';
const SECONDS = 10;
const WARMUP_S = 3;
/** More diners than the runs can reach (1,000/s × 13 s): no diner spins twice. */
const DINERS = 30_000;
const SECRET = 'bench-only-secret-for-signing-access-tokens-0123456789';
export const SPIN_STOCK = 10;

export interface SpinsBenchResult {
  perSecond?: number;
  p50Ms?: number;
  p99Ms?: number;
  spins?: number;
  /** What the prize with a stock of 10 gave: its counter and the draws that landed on it. */
  stockedWon?: number;
  stockedDraws?: number;
  failure?: string;
}

/** Diners made in SQL (signing 30,000 in through their codes would take longer than the run): rows and sessions. */
async function makeDiners(db: pg.Pool, brandId: number): Promise<string[]> {
  const { rows } = await db.query<{ id: number; family_id: string }>(
    `with made as (
       insert into customers (brand_id, phone, full_name)
       select $1, '+9665' || lpad(n::text, 8, '0'), 'Spinner ' || n from generate_series(1, $2) as n
       returning id
     ), sessions as (
       insert into auth_sessions (family_id, subject_kind, subject_id, brand_id, token_hash, expires_at, created_at)
       select gen_random_uuid(), 'customer', id, $1, md5(random()::text || id), now() + interval '1 day', now()
       from made
       returning subject_id, family_id
     )
     select subject_id as id, family_id from sessions order by subject_id`,
    [brandId, DINERS],
  );
  const expiresAt = Date.now() + 3_600_000;
  return rows.map(
    (r) =>
      `sufra_at_${brandId}=${signAccessToken(SECRET, { kind: 'customer', subjectId: r.id, brandId, familyId: r.family_id, expiresAt })}`,
  );
}

export async function benchSpins(adminUrl: string, env: NodeJS.ProcessEnv): Promise<SpinsBenchResult> {
  const databaseUrl = await freshDatabase(adminUrl, DATABASE_NAME);
  const server = await startServer({ ...env, DATABASE_URL: databaseUrl, AUTH_SECRET: SECRET });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const { rows: brandRows } = await db.query<{ brand_id: number }>(
      'select b.brand_id from qr_codes q join branches b on b.id = q.branch_id where q.uuid = $1',
      [ORDER_QR],
    );
    const brandId = brandRows[0]?.brand_id ?? 0;
    // One wheel: a prize with a stock of 10, points without a limit (the wheel never runs out), and "try again".
    await db.query('delete from games where brand_id = $1', [brandId]);
    const { rows: gameRows } = await db.query<{ id: number }>(
      `insert into games (brand_id, kind, name_ar, name_en) values ($1, 'wheel', 'العجلة', 'The wheel') returning id`,
      [brandId],
    );
    await db.query(
      `insert into game_segments (game_id, position, label_ar, label_en, color, prize, reward_id, points, weight, stock)
       values ($1, 0, 'جائزة', 'Prize', '#aa3311', 'reward',
           (select id from rewards where brand_id = $2 order by id limit 1), null, 1, $3),
         ($1, 1, 'نقاط', 'Points', '#1133aa', 'points', null, 5, 20, null),
         ($1, 2, 'حاول مجددًا', 'Try again', '#777777', 'none', null, null, 79, null)`,
      [gameRows[0]?.id, brandId, SPIN_STOCK],
    );
    const cookies = await makeDiners(db, brandId);
    let next = 0;
    const firstBodies: string[] = [];
    const load = (seconds: number) =>
      autocannon({
        url: `${server.url}/api/games/${ORDER_QR}/wheel/spin/`,
        connections: ORDER_CONNECTIONS,
        duration: seconds,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            headers: { 'accept-language': 'en' },
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, cookie: cookies[next++ % cookies.length] ?? '' },
            }),
            onResponse: (status, body) => {
              if (status !== 200 && firstBodies.length < 3) firstBodies.push(`${status} ${body.slice(0, 200)}`);
            },
          },
        ],
      });
    await load(WARMUP_S);
    const result = await load(SECONDS);
    const ok = result.statusCodeStats?.['200']?.count ?? 0;
    const { rows: stocked } = await db.query<{ won: number; draws: number }>(
      `select s.won, (select count(*)::int from game_draws d where d.segment_id = s.id) as draws
       from game_segments s where s.game_id = $1 and s.position = 0`,
      [gameRows[0]?.id],
    );
    const out: SpinsBenchResult = {
      perSecond: ok / (result.duration || SECONDS),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      spins: ok,
      stockedWon: stocked[0]?.won,
      stockedDraws: stocked[0]?.draws,
    };
    const problems = [...firstBodies];
    if (next > cookies.length) problems.push(`${next} spins for ${cookies.length} diners: some diners spun twice`);
    if (out.stockedWon !== SPIN_STOCK || out.stockedDraws !== SPIN_STOCK) {
      problems.push(`the stock of ${SPIN_STOCK} ended at ${out.stockedWon} won, ${out.stockedDraws} draws`);
    }
    if (problems.length > 0) out.failure = problems.join(' | ');
    console.error(`[bench] spins: ${out.perSecond?.toFixed(0)}/s p50 ${out.p50Ms} p99 ${out.p99Ms} ms`);
    return out;
  } finally {
    await db.end();
    await server.stop();
  }
}
