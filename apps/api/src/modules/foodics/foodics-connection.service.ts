import { randomBytes } from 'node:crypto';
import type { AuditSnapshot } from '@sufra/shared/audit';
import type { FoodicsConnectionView } from '@sufra/shared/schemas/foodics';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config/env.ts';
import type { StaffPrincipal } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordStaffChange } from '../audit/audit.service.ts';
import {
  deleteConnection,
  type FoodicsConnection,
  findConnection,
  updateConnectionTokens,
  upsertOAuthConnection,
} from './foodics.repo.ts';
import {
  createFoodicsApi,
  type FoodicsApi,
  FoodicsApiError,
  type FoodicsTokens,
  requestFoodicsTokens,
} from './foodics-api.service.ts';
import { decryptToken, encryptToken, readState, signState } from './foodics-tokens.service.ts';

/** How long an owner has between "Connect" and coming back from Foodics (Foodics' code itself lives 600 s). */
const STATE_TTL_MS = 10 * 60_000;

type FoodicsSettings = NonNullable<Config['foodics']>;

/**
 * A brand's connection to its Foodics business (issue 28 item 1, docs/adr/0650): OAuth 2's authorization-code flow
 * from the console (owners), the tokens encrypted at rest, refreshed on a 401, `whoami` naming the business; the
 * server-wide FOODICS_ACCESS_TOKEN serves a brand connected without tokens of its own (the demo).
 */
export function createFoodicsConnections(ctx: AppContext, settings: FoodicsSettings | null, log: FastifyBaseLogger) {
  const { db } = ctx;
  const apiUrl = settings?.apiUrl ?? 'https://api.foodics.com/v5';
  const timeoutMs = settings?.timeoutMs ?? 10_000;
  const oauth = settings?.oauth ?? null;

  const tokensOf = (brandId: number, connection: FoodicsConnection | undefined) => {
    if (!connection?.accessTokenEnc) return null;
    if (!oauth) throw new FoodicsApiError('unauthorized', 'Foodics tokens stored, but FOODICS_TOKEN_KEY is not set');
    const access = decryptToken(oauth.tokenKey, brandId, connection.accessTokenEnc);
    const refresh = connection.refreshTokenEnc
      ? decryptToken(oauth.tokenKey, brandId, connection.refreshTokenEnc)
      : null;
    if (access === null)
      throw new FoodicsApiError('unauthorized', 'the stored Foodics token does not open with FOODICS_TOKEN_KEY');
    return { access, refresh };
  };

  const sealed = (brandId: number, tokens: FoodicsTokens, key: Buffer) => ({
    accessTokenEnc: encryptToken(key, brandId, tokens.access_token),
    refreshTokenEnc: tokens.refresh_token ? encryptToken(key, brandId, tokens.refresh_token) : null,
    tokenExpiresAt: tokens.expires_in ? new Date(ctx.now().getTime() + tokens.expires_in * 1000) : null,
  });

  /** The brand's Foodics API: its own token (refreshed on a 401), else the server's; refused when neither. */
  function apiFor(brandId: number): FoodicsApi {
    return createFoodicsApi({
      apiUrl,
      timeoutMs,
      auth: {
        async token() {
          const own = tokensOf(brandId, await findConnection(db, brandId));
          const token = own?.access ?? settings?.accessToken;
          if (!token) throw new FoodicsApiError('unauthorized', 'the brand has no Foodics token: connect it again');
          return token;
        },
        async refresh() {
          const own = tokensOf(brandId, await findConnection(db, brandId));
          if (!own?.refresh || !oauth) return null;
          const tokens = await requestFoodicsTokens(
            { apiUrl, timeoutMs },
            {
              grant_type: 'refresh_token',
              refresh_token: own.refresh,
              client_id: oauth.clientId,
              client_secret: oauth.clientSecret,
            },
          );
          const next = sealed(brandId, { refresh_token: own.refresh, ...tokens }, oauth.tokenKey);
          await updateConnectionTokens(db, brandId, next, ctx.now());
          return tokens.access_token;
        },
      },
    });
  }

  async function view(staff: StaffPrincipal): Promise<FoodicsConnectionView> {
    const row = await findConnection(db, staff.brandId);
    const via = !row
      ? null
      : row.accessTokenEnc
        ? ('oauth' as const)
        : settings?.accessToken
          ? ('token' as const)
          : null;
    return {
      connected: via !== null,
      via,
      businessName: row?.businessName ?? null,
      businessReference: row?.businessReference ?? null,
      connectedAt: row ? row.updatedAt.toISOString() : null,
      oauthAvailable: oauth !== null,
    };
  }

  /** The Foodics page the owner is sent to (its `state` names the brand and the owner, signed, 10 minutes). */
  function authorizeUrl(staff: StaffPrincipal): { url: string } {
    if (!oauth) throw new AppError('foodics_oauth_not_configured');
    const state = signState(oauth.tokenKey, {
      brandId: staff.brandId,
      staffId: staff.id,
      exp: ctx.now().getTime() + STATE_TTL_MS,
    });
    const query = new URLSearchParams({ client_id: oauth.clientId, redirect_uri: oauth.redirectUri, state });
    return { url: `${oauth.consoleUrl}/authorize?${query}` };
  }

  /**
   * Foodics sent the owner back: the state must be this owner's for this brand, the code is exchanged for tokens,
   * whoami names the business, and the connection is written (tokens encrypted) and audited in one transaction.
   */
  async function complete(staff: StaffPrincipal, ip: string, input: { code: string; state: string }) {
    if (!oauth) throw new AppError('foodics_oauth_not_configured');
    const state = readState(oauth.tokenKey, input.state, ctx.now());
    if (!state || state.brandId !== staff.brandId || state.staffId !== staff.id) {
      throw new AppError('foodics_oauth_state_invalid');
    }
    let tokens: FoodicsTokens;
    let business: { id: string; reference: number; name: string };
    try {
      tokens = await requestFoodicsTokens(
        { apiUrl, timeoutMs },
        {
          grant_type: 'authorization_code',
          code: input.code,
          client_id: oauth.clientId,
          client_secret: oauth.clientSecret,
          redirect_uri: oauth.redirectUri,
        },
      );
      const access = tokens.access_token;
      business = await createFoodicsApi({
        apiUrl,
        timeoutMs,
        auth: { token: async () => access, refresh: async () => null },
      }).whoami();
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : error }, 'Foodics OAuth failed');
      throw new AppError('foodics_oauth_failed');
    }
    const now = ctx.now();
    return db.transaction(async (tx) => {
      const before = await findConnection(tx, staff.brandId);
      const row = await upsertOAuthConnection(
        tx,
        {
          brandId: staff.brandId,
          businessReference: business.reference,
          businessId: business.id,
          businessName: business.name,
          ...sealed(staff.brandId, tokens, oauth.tokenKey),
          connectedBy: staff.id,
          webhookSecret: randomBytes(24).toString('hex'),
        },
        now,
      );
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        objectType: 'foodics_connection',
        objectId: staff.brandId,
        action: before ? 'update' : 'create',
        before: before ? auditView(before) : null,
        after: auditView(row),
        at: now,
      });
      return row;
    });
  }

  async function disconnect(staff: StaffPrincipal, ip: string): Promise<{ connected: false }> {
    const now = ctx.now();
    await db.transaction(async (tx) => {
      const removed = await deleteConnection(tx, staff.brandId);
      if (!removed) throw new AppError('foodics_not_connected');
      await recordStaffChange(tx, staff, ip, {
        brandId: staff.brandId,
        objectType: 'foodics_connection',
        objectId: staff.brandId,
        action: 'delete',
        before: auditView(removed),
        after: null,
        at: now,
      });
    });
    return { connected: false };
  }

  return { apiFor, view, authorizeUrl, complete, disconnect };
}

/** What the audit log keeps of a connection: the business, never a token or the webhook's secret. */
function auditView(row: FoodicsConnection): AuditSnapshot {
  return {
    businessReference: row.businessReference,
    businessId: row.businessId,
    businessName: row.businessName,
    oauth: row.accessTokenEnc !== null,
  };
}

export type FoodicsConnections = ReturnType<typeof createFoodicsConnections>;
