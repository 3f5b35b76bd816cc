import { reportDashboard } from '@sufra/shared/schemas/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createReportsService } from '../../modules/reports/reports.service.ts';
import { seedDemo } from './seed.ts';

/** The demo brand's dashboard (issue 27 item 9): the last 30 days show every section, and the 30 before them too. */
describe("the demo brand's reports", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ brands: [] });
    await seedDemo(t.db);
    await createReportsService({
      db: t.db,
      databaseKind: t.database.kind,
      config: t.config,
      now: () => new Date(),
    }).catchUpOnce();
  });
  afterAll(() => t.close());

  it('shows every engagement section non-empty over the last 30 days, beside the period before', async () => {
    const owner = caller(t);
    const login = await owner.call('POST', '/api/staff/auth/login/', {
      email: 'owner@sufra.demo',
      password: 'owner-demo-2026',
    });
    expect(login.statusCode).toBe(200);
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const res = await owner.call('GET', `/api/staff/manage/reports/dashboard/?from=${day(29)}&to=${day(0)}`);
    expect(res.statusCode).toBe(200);
    const e = reportDashboard.parse(res.json()).engagement;
    expect(e.times.prep.current.orders).toBeGreaterThan(0);
    expect(e.times.prep.before.orders).toBeGreaterThan(0);
    expect(e.times.delivery.current.orders).toBeGreaterThan(0);
    expect(e.redemptions.branches.length).toBeGreaterThan(0);
    expect(e.coupons.coupons.length).toBeGreaterThan(0);
    expect(e.punchCards.completed.current + e.punchCards.completed.before).toBeGreaterThan(0);
    expect(e.wheel.segments.some((s) => s.given > 0)).toBe(true);
    expect(e.referral.stages.filter((s) => s.count > 0).length).toBeGreaterThanOrEqual(3);
    expect(e.evaluations.questions.length).toBeGreaterThan(0);
    expect(e.evaluations.lowRatings.length).toBeGreaterThan(0);
    expect(e.evaluations.low.answered.current).toBeGreaterThan(0);
  });
});
