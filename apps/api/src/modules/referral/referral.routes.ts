import { errorResponses, uuidParams } from '@sufra/shared/schemas/common';
import {
  leadBody,
  leadSchema,
  referenceResponse,
  referralCodeParams,
  referralResponse,
} from '@sufra/shared/schemas/referral';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInDiner } from '../../plugins/diner-context.ts';
import type { ReferralService } from './referral.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 422);

/**
 * Referral for diners (issue 17): their code, rule and leads, a new lead, and the friend's landing. The service
 * switch `referral` off: diners land on /deactivated/{uuid}.
 */
export const referralRoutes: FastifyPluginAsyncZod<{
  referral: ReferralService;
}> = async (app, { referral }) => {
  app.get(
    '/referral/:uuid/me/',
    {
      config: { auth: 'diner', diner: { services: ['referral'] } },
      schema: {
        tags: ['referral'],
        summary: "The diner's referral code, the brand's rule (how to win) and their leads with statuses",
        params: uuidParams,
        response: { 200: referralResponse, ...errors },
      },
    },
    async (request, reply) => {
      const me = signedInDiner(request).customer;
      reply.header('cache-control', 'no-store');
      return referral.mine(me);
    },
  );

  app.post(
    '/referral/:uuid/me/leads/',
    {
      config: { auth: 'diner', diner: { services: ['referral'] } },
      schema: {
        tags: ['referral'],
        summary:
          "A friend's phone becomes a Pending lead (not one's own, not a friend already led; a customer's phone is answered alike); ten a day per diner",
        params: uuidParams,
        body: leadBody,
        response: { 201: leadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = signedInDiner(request).customer;
      return reply.code(201).send(await referral.addLead(me, request.body.phone));
    },
  );

  app.get(
    '/referral/codes/:code/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['referral'],
        summary: "The friend's landing (/reference/{code}): who invites them, to which brand, where to register",
        params: referralCodeParams,
        response: { 200: referenceResponse, ...errors },
      },
    },
    async (request) => referral.reference(request.params.code),
  );
};
