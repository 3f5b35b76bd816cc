import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document generated from the routes' zod schemas, served with its UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Sufra API', description: 'QR ordering and loyalty for restaurant brands', version: '0.1.0' },
      tags: [
        { name: 'establishment' },
        { name: 'branches' },
        { name: 'menu' },
        { name: 'ads' },
        { name: 'health' },
        { name: 'auth' },
        { name: 'customers' },
        { name: 'staff' },
        { name: 'orders' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
