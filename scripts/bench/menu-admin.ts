// The menu console's figures (issue 26): a menu edit → a diner's next menu request shows it, with 2 API processes
// on PostgreSQL; a CSV import of 1,500 items, all or nothing. Run: bash scripts/with-postgres.sh node
// scripts/bench/menu-admin.ts (DATABASE_URL: the cluster's admin URL). Prints the figures; the machine is shared,
// so they are what this run measured, nothing more.
import { performance } from 'node:perf_hooks';
import { startServer } from './processes.ts';
import { freshDatabase, ORDER_QR } from './setup.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL (the PostgreSQL admin URL) is required');

const url = await freshDatabase(adminUrl, 'sufra_bench_menu_admin');
const server = await startServer({ DATABASE_URL: url, API_WORKERS: '2' });
const cookies = new Map<string, string>();
async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (name) cookies.set(name.trim(), value.join('='));
  }
  return response;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const max = (xs: number[]) => Math.max(...xs);

try {
  if (!(await call('POST', '/api/staff/auth/login/', { email: 'owner@sufra.demo', password: 'owner-demo-2026' })).ok) {
    throw new Error('owner sign-in failed');
  }
  const overview = (await (await call('GET', '/api/staff/manage/menu/')).json()) as {
    branches: { id: number }[];
    categories: { id: number; name: { en: string } }[];
    items: { id: number; branches: { branchId: number; sold: boolean }[] }[];
  };
  const menuOf = async () =>
    (await (await fetch(`${server.url}/api/menu/qr/${ORDER_QR}/?lang=en`)).json()) as {
      branchId: number;
      items: { id: number; priceHalalas: number }[];
    };
  const { branchId } = await menuOf();
  const item = overview.items.find((i) => i.branches.some((b) => b.branchId === branchId && b.sold));
  if (!item) throw new Error('no item sold at the QR code branch');
  for (let i = 0; i < 10; i += 1) await menuOf(); // both workers hold the menu in cache

  const visible: number[] = [];
  const requestsNeeded: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    const price = 1_000 + round;
    const saved = await call('PUT', `/api/staff/manage/menu/items/${item.id}/branches/${branchId}/`, {
      sold: true,
      availability: 'available',
      priceHalalas: price,
    });
    if (!saved.ok) throw new Error(`save → ${saved.status}`);
    const t0 = performance.now();
    let requests = 0;
    for (;;) {
      requests += 1;
      const menu = await menuOf();
      if (menu.items.find((i) => i.id === item.id)?.priceHalalas === price) break;
      if (performance.now() - t0 > 5_000) throw new Error('edit not visible after 5 s');
    }
    visible.push(performance.now() - t0);
    requestsNeeded.push(requests);
  }
  console.log(
    `edit → diner's next menu shows it (2 processes, PostgreSQL, 20 edits): median ${median(visible).toFixed(1)} ms, ` +
      `max ${max(visible).toFixed(1)} ms; menu requests needed: max ${max(requestsNeeded)} (1 = the very next one)`,
  );

  const category = overview.categories[0];
  if (!category) throw new Error('no category');
  const rows = Array.from(
    { length: 1_500 },
    (_, i) => `,${category.name.en},صنف ${i},Bench item ${i},${10 + (i % 50)}.50`,
  );
  const csv = ['id,category,name_ar,name_en,price', ...rows].join('\n');
  const bad = `${csv}\n,${category.name.en},سيء,Bad,abc`;
  const before = overview.items.length;
  let t0 = performance.now();
  const refused = await call('POST', '/api/staff/manage/menu/items/csv/', { csv: bad });
  const refusedMs = performance.now() - t0;
  const afterRefusal = ((await (await call('GET', '/api/staff/manage/menu/')).json()) as { items: unknown[] }).items
    .length;
  t0 = performance.now();
  const imported = await call('POST', '/api/staff/manage/menu/items/csv/', { csv });
  const importMs = performance.now() - t0;
  const result = await imported.json();
  console.log(
    `CSV import of 1,500 new items: ${imported.status} ${JSON.stringify(result)} in ${(importMs / 1000).toFixed(2)} s; ` +
      `the same file with one bad last row: ${refused.status} in ${(refusedMs / 1000).toFixed(2)} s, items before ${before}, after ${afterRefusal}`,
  );
} finally {
  await server.stop();
}
