import { switchHistoryResponse } from '@sufra/shared/schemas/audit';
import { errorResponses } from '@sufra/shared/schemas/common';
import { serviceSwitchBody, serviceSwitchListResponse, serviceSwitchParams } from '@sufra/shared/schemas/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { ServicesService } from './services.service.ts';

const errors = errorResponses(400, 401, 403);

/** The brand's service switches for staff: read by any role, set by managers and owners. */
export const servicesRoutes: FastifyPluginAsyncZod<{ services: ServicesService; guards: AuthGuards }> = async (
  app,
  { services, guards },
) => {
  const staff = guards.staff();

  app.get(
    '/staff/services/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: "The brand's service switches (a service without a row is on)",
        response: { 200: serviceSwitchListResponse, ...errors },
      },
    },
    async (request) => services.list(staffOf(request)),
  );

  app.get(
    '/staff/services/history/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: 'Who switched a service or a branch off or on, and when (managers and owners), newest first',
        response: { 200: switchHistoryResponse, ...errors },
      },
    },
    async (request) => services.history(staffOf(request)),
  );

  app.put(
    '/staff/services/:service/',
    {
      preHandler: staff,
      schema: {
        tags: ['staff'],
        summary: 'Switches a service off or on for the whole brand (managers and owners)',
        params: serviceSwitchParams,
        body: serviceSwitchBody,
        response: { 200: serviceSwitchListResponse, ...errors },
      },
    },
    async (request) => services.set(staffOf(request), request.ip, request.params.service, request.body.isActive),
  );
};
