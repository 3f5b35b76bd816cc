import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBody } from '@sufra/shared/schemas/common';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { Config } from '../config/env.ts';
import { routeSecurity } from './route-auth.ts';

const TAGS: Record<string, string> = {
  establishment: 'The brand and branch a QR code leads to',
  branches: "A brand's branches and their QR codes",
  menu: 'The menu of a QR code, its items and payment choices',
  ads: "A branch's pop-up and slider ads",
  health: 'Liveness and database reachability',
  auth: 'Diner sign-in by phone and code, session refresh and sign-out',
  customers: "The signed-in diner's profile, addresses and favourites",
  staff: 'The staff app: sign-in, board, branches, loyalty at the counter, management',
  orders: "Placing orders and the diner's orders",
  payments: 'Card payments and their provider webhooks',
  tables: "A branch's tables",
  loyalty: 'Points, the points and prize shops, rewards',
  evaluations: 'Rating an order, with photos',
  'punch-cards': 'Punch cards',
  coupons: 'Coupons on the cart and at the counter',
  referral: 'Inviting friends with a referral code',
  games: 'The prize wheel and register-and-win',
  notifications: "The diner's in-app inbox",
  foodics: 'The Foodics POS: its webhooks, and orders handed to it that staff retry or settle',
};

/**
 * A stable operationId from the method and the public path (which never change): `PUT /api/staff/coupons/:id/`
 * is `putStaffCouponsById`. A route may set schema.operationId itself.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => {
      const param = /^[:{]([^}]+)\}?$/.exec(segment)?.[1];
      return param ? ['by', ...param.split(/[-_]/)] : segment.split(/[-_]/);
    });
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A multipart route's body, for the document only (the route reads its parts itself; a schema.body would be
     * validated before it could): each property a part, an object one a JSON field, `format: binary` strings files.
     */
    multipartBody?: ZodType;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/** The zod transform, plus each operation's operationId and security requirement, derived from the route. */
function transform(input: TransformInput) {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return result;
  const { route } = input;
  const multipartBody = (route.config as { multipartBody?: ZodType } | undefined)?.multipartBody;
  if (multipartBody) {
    schema.consumes = ['multipart/form-data'];
    schema.body = z.toJSONSchema(multipartBody, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' });
    delete (schema.body as Record<string, unknown>).$schema;
  }
  // No derivation (a new route that declares nothing): no security, which the lint and the fuzz test report.
  const derived = routeSecurity(route);
  if (derived) {
    schema.security = derived.security;
    if (derived.roles) {
      schema['x-staff-roles'] = [...derived.roles];
      const note = `Staff roles: ${derived.roles.join(', ')} (403 for the others).`;
      schema.description = typeof schema.description === 'string' ? `${schema.description}\n\n${note}` : note;
    }
  }
  return result;
}

/**
 * zod's record with enum keys gives `required` names with no `properties` (clients read it as "no such field"):
 * each required name gets the record's value schema.
 */
function defineRequiredProperties(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) defineRequiredProperties(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const object = node as Record<string, unknown>;
  if (
    Array.isArray(object.required) &&
    object.properties === undefined &&
    typeof object.additionalProperties === 'object'
  ) {
    object.properties = Object.fromEntries(
      (object.required as string[]).map((name) => [name, structuredClone(object.additionalProperties)]),
    );
  }
  for (const value of Object.values(object)) defineRequiredProperties(value);
}

type Operation = { operationId?: string; responses?: Record<string, unknown> } & Record<string, unknown>;

/**
 * What the HTTP layer may answer to any operation, before or around its route (errors.ts): an unreadable body or
 * URL, a body too large or of a type the route does not read, a URL too long, the database restarting. Declared on
 * every operation (one shared definition each), so clients and the fuzz test know them.
 */
const FRAMEWORK_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'The request could not be read or is not valid (fields named)' },
  '413': { name: 'PayloadTooLarge', description: 'The body is larger than the server reads' },
  '414': { name: 'UrlTooLong', description: 'The URL or one of its path segments is too long' },
  '415': { name: 'UnsupportedMediaType', description: 'The body is of a type this operation does not read' },
  '503': { name: 'ServiceUnavailable', description: 'The database is restarting: try again after Retry-After seconds' },
};

/**
 * OpenAPI 3.0: `nullable` does not let null past an `enum` that does not list it (zod's nullable enums): clients
 * and validators would refuse the null the API sends.
 */
function allowNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) allowNullInNullableEnums(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const object = node as Record<string, unknown>;
  if (object.nullable === true && Array.isArray(object.enum) && !object.enum.includes(null)) object.enum.push(null);
  for (const value of Object.values(object)) allowNullInNullableEnums(value);
}

function transformObject(input: { openapiObject: Record<string, unknown> } | { swaggerObject: unknown }) {
  if (!('openapiObject' in input)) return input.swaggerObject as Record<string, unknown>;
  const { openapiObject } = input;
  // Here rather than per route: a route may answer several methods (PUT and PATCH), each its own operation.
  // (fastify-swagger gives those methods one shared object, so each gets its own copy first).
  for (const [path, item] of Object.entries(openapiObject.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const responses = { ...operation.responses };
      for (const [status, { name }] of Object.entries(FRAMEWORK_RESPONSES)) {
        responses[status] ??= { $ref: `#/components/responses/${name}` };
      }
      item[method] = { ...operation, operationId: operation.operationId ?? operationIdFor(method, path), responses };
    }
  }
  const errorSchema = z.toJSONSchema(errorBody, { target: 'openapi-3.0' }) as Record<string, unknown>;
  delete errorSchema.$schema;
  const components = (openapiObject.components ?? {}) as Record<string, unknown>;
  components.responses = Object.fromEntries(
    Object.values(FRAMEWORK_RESPONSES).map(({ name, description }) => [
      name,
      { description, content: { 'application/json': { schema: structuredClone(errorSchema) } } },
    ]),
  );
  openapiObject.components = components;
  defineRequiredProperties(openapiObject.paths);
  defineRequiredProperties(openapiObject.components);
  allowNullInNullableEnums(openapiObject.paths);
  allowNullInNullableEnums(openapiObject.components);
  return openapiObject;
}

/** The OpenAPI document generated from the routes' zod schemas, served with its UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const { cookies } = config;
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sufra API',
        description:
          'QR ordering and loyalty for restaurant brands. Sessions are cookies the sign-in calls set (HttpOnly): a ' +
          "diner's are per brand, their names ending in `_` and the brand's id; a staff user's are one pair.",
        version: '0.1.0',
        license: { name: 'Proprietary' },
      },
      servers: [{ url: '/', description: 'The origin serving the app' }],
      components: {
        securitySchemes: {
          dinerSession: {
            type: 'apiKey',
            in: 'cookie',
            name: `${cookies.customerAccess}_{brandId}`,
            description:
              `The diner's access cookie at one brand: \`${cookies.customerAccess}_\` and the id of the brand the ` +
              `path's QR uuid belongs to (e.g. \`${cookies.customerAccess}_1\`), set by the code check and the refresh.`,
          },
          dinerRefresh: {
            type: 'apiKey',
            in: 'cookie',
            name: `${cookies.customerRefresh}_{brandId}`,
            description: `The diner's refresh cookie at one brand (\`${cookies.customerRefresh}_1\`), sent to /api/auth only.`,
          },
          staffSession: {
            type: 'apiKey',
            in: 'cookie',
            name: cookies.staffAccess,
            description: "The staff user's access cookie, set by the staff sign-in and refresh.",
          },
          staffRefresh: {
            type: 'apiKey',
            in: 'cookie',
            name: cookies.staffRefresh,
            description: "The staff user's refresh cookie, sent to /api/staff/auth only.",
          },
        },
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    },
    transform: transform as typeof jsonSchemaTransform,
    transformObject: transformObject as SwaggerTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
