import type { SeedStaff } from '../seed-types.ts';

/**
 * Demo staff (issue 3), printed by `npm start`. Demo-only passwords: a production brand's staff are created
 * by its owner, never seeded.
 */
export const DEMO_STAFF: SeedStaff[] = [
  { email: 'owner@sufra.demo', name: 'Noura Al-Harbi', role: 'owner', password: 'owner-demo-2026', branches: [] },
  {
    email: 'manager@sufra.demo',
    name: 'Fahad Al-Qahtani',
    role: 'manager',
    password: 'manager-demo-2026',
    branches: ['olaya', 'malqa', 'king-fahd-road', 'yasmin'],
  },
  {
    email: 'cashier@sufra.demo',
    name: 'Sara Al-Otaibi',
    role: 'cashier',
    password: 'cashier-demo-2026',
    branches: ['olaya'],
  },
];
