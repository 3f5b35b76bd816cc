/**
 * The console's API (/api/staff/manage/…, issues 26 and 27): each area's routes with the service it needs, registered
 * under /api by app.ts (the composition root) beside the diner's and the staff app's routes. Kept apart so the root
 * stays readable as the console grows; the wiring is still explicit (house rules: no autoload).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import type { Config } from './config/env.ts';
import { manageAdsRoutes } from './modules/ads/manage-ads.routes.ts';
import { createManageAdsService } from './modules/ads/manage-ads.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { branchManageRoutes } from './modules/branches/branch-manage.routes.ts';
import { createBranchManageService } from './modules/branches/branch-manage.service.ts';
import { brandSettingsRoutes } from './modules/brand-settings/brand-settings.routes.ts';
import { createBrandSettingsService } from './modules/brand-settings/brand-settings.service.ts';
import { customersAdminRoutes } from './modules/customers-admin/customers-admin.routes.ts';
import { createCustomersAdminService } from './modules/customers-admin/customers-admin.service.ts';
import { evaluationsAdminRoutes } from './modules/evaluations-admin/evaluations-admin.routes.ts';
import { createEvaluationsAdminService } from './modules/evaluations-admin/evaluations-admin.service.ts';
import { gamesAdminRoutes } from './modules/games-admin/games-admin.routes.ts';
import { createGamesAdminService } from './modules/games-admin/games-admin.service.ts';
import type { LoyaltyService } from './modules/loyalty/loyalty.service.ts';
import type { createRewardsService } from './modules/loyalty/rewards.service.ts';
import { loyaltyAdminRoutes } from './modules/loyalty-admin/loyalty-admin.routes.ts';
import { createLoyaltyAdminService } from './modules/loyalty-admin/loyalty-admin.service.ts';
import { menuAdminRoutes } from './modules/menu-admin/menu-admin.routes.ts';
import { createMenuAdminService } from './modules/menu-admin/menu-admin.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import type { ReportsService } from './modules/reports/reports.service.ts';
import { rewardsAdminRoutes } from './modules/rewards-admin/rewards-admin.routes.ts';
import { createRewardsAdminService } from './modules/rewards-admin/rewards-admin.service.ts';
import { staffAdminRoutes } from './modules/staff/staff-admin.routes.ts';
import { createStaffAdminService } from './modules/staff/staff-admin.service.ts';
import { staffSessionsRoutes } from './modules/staff/staff-sessions.routes.ts';
import { createStaffSessionsService } from './modules/staff/staff-sessions.service.ts';
import { manageTablesRoutes } from './modules/tables/manage-tables.routes.ts';
import { createManageTablesService } from './modules/tables/manage-tables.service.ts';
import type { createAuthGuards } from './plugins/auth.ts';
import { createFileStorage } from './providers/storage/storage-choice.ts';

/** What the console's services need from the root. */
export interface ConsoleWiring {
  ctx: AppContext;
  config: Config;
  guards: ReturnType<typeof createAuthGuards>;
  loyalty: LoyaltyService;
  rewards: ReturnType<typeof createRewardsService>;
  reports: ReportsService;
}

/** Registers every console area's routes on `api` (the /api scope). */
export async function registerConsoleRoutes(api: FastifyInstance, wiring: ConsoleWiring): Promise<void> {
  const { ctx, config, guards, loyalty, rewards, reports } = wiring;
  const storage = createFileStorage(config);
  await api.register(brandSettingsRoutes, { brandSettings: createBrandSettingsService(ctx, { storage }), guards });
  await api.register(auditRoutes, { audit: createAuditService(ctx), guards });
  await api.register(staffAdminRoutes, { staffAdmin: createStaffAdminService(ctx), guards });
  await api.register(staffSessionsRoutes, { staffSessions: createStaffSessionsService(ctx), guards });
  await api.register(menuAdminRoutes, { menuAdmin: createMenuAdminService(ctx, { storage }), guards });
  await api.register(branchManageRoutes, { manage: createBranchManageService(ctx), guards });
  await api.register(manageTablesRoutes, { manageTables: createManageTablesService(ctx), guards });
  await api.register(manageAdsRoutes, { manageAds: createManageAdsService(ctx, { storage }), guards });
  await api.register(loyaltyAdminRoutes, { loyaltyAdmin: createLoyaltyAdminService(ctx), guards });
  await api.register(rewardsAdminRoutes, { rewardsAdmin: createRewardsAdminService(ctx, { storage }), guards });
  await api.register(gamesAdminRoutes, { gamesAdmin: createGamesAdminService(ctx), guards });
  await api.register(evaluationsAdminRoutes, { evaluationsAdmin: createEvaluationsAdminService(ctx), guards });
  await api.register(customersAdminRoutes, {
    customersAdmin: createCustomersAdminService(ctx, { loyalty, rewards }),
    guards,
  });
  await api.register(reportsRoutes, { reports, guards });
}
