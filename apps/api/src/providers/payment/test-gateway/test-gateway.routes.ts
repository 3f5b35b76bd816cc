import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire, stripTypeScriptTypes } from 'node:module';
import { type Language, pickLanguage } from '@sufra/shared/language';
import type { CardBrand } from '@sufra/shared/payments/card';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PaymentsConfig } from '../../../config/env.ts';
import { AppError } from '../../../plugins/errors.ts';
import { GatewayApiError, type TestGatewayService } from './test-gateway.service.ts';
import { gatewayCreateBody, gatewayRefundBody } from './test-gateway-api.ts';
import { renderCardPage, renderMessagePage, renderThreeDsPage } from './test-gateway-page.ts';

export interface TestGatewayRoutesOptions {
  service: TestGatewayService;
  settings: PaymentsConfig['testGateway'];
  /** The path it is mounted at, e.g. "/test-gateway" (its pages link to their own assets and forms). */
  base: string;
}

const CARD_SOURCE = createRequire(import.meta.url).resolve('@sufra/shared/payments/card');

const hidden = { schema: { hide: true } };

function authorize(settings: TestGatewayRoutesOptions['settings'], request: FastifyRequest) {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header);
  const expected = Buffer.from(`Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new GatewayApiError(401, 'authentication_error', 'Invalid authorization credentials');
  }
}

/** The "timeout" test card: hold the answer past the client's timeout; stop waiting if the client hangs up. */
async function holdIfAsked(
  settings: TestGatewayRoutesOptions['settings'],
  reply: FastifyReply,
  testOutcome: string | null,
) {
  if (testOutcome !== 'timeout' || settings.holdMs === 0) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, settings.holdMs);
    reply.raw.once('close', done);
    function done() {
      clearTimeout(timer);
      reply.raw.off('close', done);
      resolve();
    }
  });
}

/** The gateway's JSON API (basic auth with the secret key), and the card script its pages load. */
async function gatewayApiRoutes(app: FastifyInstance, { service, settings }: TestGatewayRoutesOptions) {
  let cardScript: string | undefined;

  app.get('/assets/card.js', hidden, async (_request, reply) => {
    // The shared card rules with their types stripped (Node's own stripper, loaded on first use only).
    cardScript ??= stripTypeScriptTypes(readFileSync(CARD_SOURCE, 'utf8'));
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(cardScript);
  });

  app.post('/v1/payments', hidden, async (request, reply) => {
    authorize(settings, request);
    const parsed = gatewayCreateBody.safeParse(request.body);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const { payment, created } = await service.createPayment(parsed.data);
    return reply.code(created ? 201 : 200).send(payment);
  });

  app.get<{ Params: { id: string } }>('/v1/payments/:id', hidden, async (request, reply) => {
    authorize(settings, request);
    const row = await service.getPayment(request.params.id);
    await holdIfAsked(settings, reply, row.testOutcome);
    return service.toJson(await service.getPayment(row.id));
  });

  app.post<{ Params: { id: string } }>('/v1/payments/:id/refund', hidden, async (request, reply) => {
    authorize(settings, request);
    const parsed = gatewayRefundBody.safeParse(request.body ?? {});
    if (!parsed.success) throw validationError(parsed.error.issues);
    const row = await service.getPayment(request.params.id);
    await holdIfAsked(settings, reply, row.testOutcome);
    return service.toJson(await service.refund(row.id, parsed.data.amount));
  });
}

function languageOf(request: FastifyRequest): Language {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return lang === 'en' || lang === 'ar' ? lang : pickLanguage(request.headers['accept-language']);
}

/** Pages get their own strict policy: only the gateway's own script (by nonce) and form targets. */
function sendPage(reply: FastifyReply, html: string, nonce: string, status = 200, callbackUrl?: string) {
  const formTargets = ["'self'", ...(callbackUrl ? [new URL(callbackUrl).origin] : [])].join(' ');
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self' 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; connect-src 'self'; form-action ${formTargets}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(html);
}

async function findForPage(
  service: TestGatewayService,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  try {
    return await service.getPayment(request.params.id);
  } catch (error) {
    if (!(error instanceof GatewayApiError) || error.status !== 404) throw error;
    const language = languageOf(request);
    const nonce = newNonce();
    await sendPage(
      reply,
      renderMessagePage({
        language,
        nonce,
        kind: 'not_found',
        backUrl: null,
        otherLanguageHref: `?lang=${language === 'ar' ? 'en' : 'ar'}`,
      }),
      nonce,
      404,
    );
    return undefined;
  }
}

function donePage(request: FastifyRequest, reply: FastifyReply, callbackUrl: string) {
  const language = languageOf(request);
  const nonce = newNonce();
  return sendPage(
    reply,
    renderMessagePage({
      language,
      nonce,
      kind: 'done',
      backUrl: callbackUrl,
      otherLanguageHref: `?lang=${language === 'ar' ? 'en' : 'ar'}`,
    }),
    nonce,
    409,
  );
}

/** The hosted pages: the card form and the 3-D Secure step, each shown and posted. */
async function hostedPageRoutes(app: FastifyInstance, { service, base }: TestGatewayRoutesOptions) {
  app.get<{ Params: { id: string } }>('/pay/:id', hidden, async (request, reply) => {
    const row = await findForPage(service, request, reply);
    if (!row) return reply;
    const language = languageOf(request);
    if (row.status !== 'initiated') return donePage(request, reply, service.callbackUrlFor(row));
    if (row.threeDsCode) return reply.redirect(`${base}/pay/${row.id}/3ds?lang=${language}`, 303);
    const nonce = newNonce();
    const html = renderCardPage({
      language,
      nonce,
      base,
      paymentId: row.id,
      amount: row.amount,
      description: row.description,
    });
    return sendPage(reply, html, nonce, 200, row.callbackUrl);
  });

  app.post<{ Params: { id: string } }>('/pay/:id', hidden, async (request, reply) => {
    const row = await findForPage(service, request, reply);
    if (!row) return reply;
    const language = languageOf(request);
    const form = formOf(request.body);
    const result = await service.submitCard(row.id, {
      number: form.number ?? '',
      expiry: form.expiry ?? '',
      cvv: form.cvv ?? '',
      holder: form.holder ?? '',
    });
    if (result.kind === 'done') return reply.redirect(result.redirectUrl, 303);
    if (result.kind === 'three_ds') return reply.redirect(`${base}/pay/${row.id}/3ds?lang=${language}`, 303);
    const nonce = newNonce();
    const html = renderCardPage({
      language,
      nonce,
      base,
      paymentId: row.id,
      amount: row.amount,
      description: row.description,
      // The number comes back only to this same page (the diner corrects a digit); the CVV never does.
      values: { number: form.number ?? '', holder: form.holder ?? '', expiry: form.expiry ?? '' },
      errors: result.errors,
      brand: result.brand,
    });
    return sendPage(reply, html, nonce, 422, row.callbackUrl);
  });

  app.get<{ Params: { id: string } }>('/pay/:id/3ds', hidden, async (request, reply) => {
    const row = await findForPage(service, request, reply);
    if (!row) return reply;
    const language = languageOf(request);
    if (row.status !== 'initiated') return donePage(request, reply, service.callbackUrlFor(row));
    if (!row.threeDsCode) return reply.redirect(`${base}/pay/${row.id}?lang=${language}`, 303);
    const nonce = newNonce();
    const html = renderThreeDsPage({
      language,
      nonce,
      base,
      paymentId: row.id,
      amount: row.amount,
      code: row.threeDsCode,
      brand: row.cardBrand as CardBrand | null,
      last4: row.cardLast4,
    });
    return sendPage(reply, html, nonce, 200, row.callbackUrl);
  });

  app.post<{ Params: { id: string } }>('/pay/:id/3ds', hidden, async (request, reply) => {
    const row = await findForPage(service, request, reply);
    if (!row) return reply;
    const result = await service.submitThreeDs(row.id, formOf(request.body).code ?? '');
    if ('backToCard' in result) return reply.redirect(`${base}/pay/${row.id}?lang=${languageOf(request)}`, 303);
    return reply.redirect(result.redirectUrl, 303);
  });
}

/**
 * The built-in test gateway, mounted under its own prefix so it behaves like a third party: a JSON API with
 * basic auth (secret key), a hosted card page and a 3-D Secure step. Hidden from our OpenAPI document. Its form
 * parser and error format are set here, for both parts.
 */
export async function testGatewayRoutes(app: FastifyInstance, options: TestGatewayRoutesOptions) {
  // The card form posts as a plain form (it works without the script too).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  // The gateway answers in its own format, like any provider would.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof GatewayApiError) {
      return reply.code(error.status).send({ type: error.type, message: error.message, errors: error.errors });
    }
    // The app's own refusals before the route (the root text guard: a NUL in the id, issue 24 item 17) keep their status.
    const status =
      error instanceof AppError
        ? error.status
        : typeof error.statusCode === 'number' && error.statusCode < 500
          ? error.statusCode
          : 500;
    if (status >= 500) request.log.error({ err: error }, 'test gateway error');
    return reply.code(status).send({
      type: status >= 500 ? 'api_error' : 'invalid_request_error',
      message: status >= 500 ? 'Internal error' : error.message,
    });
  });

  // Not `options` itself: it carries the mount's prefix, which the parts would add a second time.
  const parts: TestGatewayRoutesOptions = { service: options.service, settings: options.settings, base: options.base };
  await app.register(gatewayApiRoutes, parts);
  await app.register(hostedPageRoutes, parts);
}

function newNonce(): string {
  return randomBytes(16).toString('base64');
}

function formOf(body: unknown): Record<string, string | undefined> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]),
  );
}

function validationError(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'body';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return new GatewayApiError(400, 'invalid_request_error', 'Validation Failed', errors);
}
