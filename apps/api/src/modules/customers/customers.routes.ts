import { errorResponses, uuidParams } from '@sufra/shared/schemas/common';
import {
  addressBody,
  addressIdParams,
  addressListResponse,
  addressSchema,
  customerSchema,
  favouriteParams,
  favouritesResponse,
  phoneChangeBody,
  profileUpdateBody,
} from '@sufra/shared/schemas/customer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config/env.ts';
import { toCustomer } from '../../core/diners.view.ts';
import { clearSessionCookies } from '../../plugins/auth.ts';
import { signedInDiner } from '../../plugins/diner-context.ts';
import type { OtpService } from '../auth/otp.service.ts';
import type { CustomersService } from './customers.service.ts';

export interface CustomersRoutesOptions {
  config: Config;
  customers: CustomersService;
  otp: OtpService;
}

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);

/** The profile: read, edit, delete, and the phone number changed by a code. */
const profileRoutes: FastifyPluginAsyncZod<CustomersRoutesOptions> = async (app, opts) => {
  const { config, customers, otp } = opts;
  app.get(
    '/customers/:uuid/me/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'The signed-in customer of this brand',
        params: uuidParams,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const me = signedInDiner(request).customer;
      return customers.getMe(me.id, me.brandId);
    },
  );

  app.patch(
    '/customers/:uuid/me/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Edit the profile (the phone changes through /me/phone/)',
        params: uuidParams,
        body: profileUpdateBody,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const me = signedInDiner(request).customer;
      return customers.updateProfile(me.id, me.brandId, request.body);
    },
  );

  app.delete(
    '/customers/:uuid/me/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Delete the account and sign out everywhere',
        params: uuidParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const me = signedInDiner(request).customer;
      await customers.deleteAccount(me.id, me.brandId);
      clearSessionCookies(reply, request, config, { kind: 'customer', brandId: me.brandId });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/customers/:uuid/me/phone/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Change the phone with a code sent (purpose change_phone) to the new number',
        params: uuidParams,
        body: phoneChangeBody,
        response: { 200: customerSchema, ...errors },
      },
    },
    async (request) => {
      const me = signedInDiner(request).customer;
      const row = await otp.verifyPhoneChange({
        brandId: me.brandId,
        customerId: me.id,
        requestId: request.body.requestId,
        code: request.body.code,
        ip: request.ip,
      });
      return toCustomer(row);
    },
  );
};

/** The address book. */
const addressRoutes: FastifyPluginAsyncZod<CustomersRoutesOptions> = async (app, opts) => {
  const { customers } = opts;
  app.get(
    '/customers/:uuid/me/addresses/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Saved delivery addresses',
        params: uuidParams,
        response: { 200: addressListResponse, ...errors },
      },
    },
    async (request) => {
      const me = signedInDiner(request).customer;
      return { addresses: await customers.listAddresses(me.id) };
    },
  );

  app.post(
    '/customers/:uuid/me/addresses/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Save a delivery address',
        params: uuidParams,
        body: addressBody,
        response: { 201: addressSchema, ...errors },
      },
    },
    async (request, reply) => {
      const me = signedInDiner(request).customer;
      return reply.code(201).send(await customers.addAddress(me.id, request.body));
    },
  );

  app.route({
    method: ['PUT', 'PATCH'],
    url: '/customers/:uuid/me/addresses/:id/',
    config: { auth: 'diner', diner: {} },
    schema: {
      tags: ['customers'],
      summary: 'Replace a saved address (PUT; PATCH takes the same whole address)',
      params: addressIdParams,
      body: addressBody,
      response: { 200: addressSchema, ...errors },
    },
    handler: async (request) => {
      const me = signedInDiner(request).customer;
      return customers.updateAddress(me.id, request.params.id, request.body);
    },
  });

  app.delete(
    '/customers/:uuid/me/addresses/:id/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Delete a saved address',
        params: addressIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const me = signedInDiner(request).customer;
      await customers.deleteAddress(me.id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** The favourites. */
const favouriteRoutes: FastifyPluginAsyncZod<CustomersRoutesOptions> = async (app, opts) => {
  const { customers } = opts;
  app.get(
    '/customers/:uuid/me/favourites/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Favourite dishes (menu item ids)',
        params: uuidParams,
        response: { 200: favouritesResponse, ...errors },
      },
    },
    async (request) => {
      const me = signedInDiner(request).customer;
      return { itemIds: await customers.listFavourites(me.id) };
    },
  );

  app.put(
    '/customers/:uuid/me/favourites/:itemId/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Mark a dish of this brand as a favourite (again: no change)',
        params: favouriteParams,
        response: { 200: favouritesResponse, ...errors },
      },
    },
    async (request) => {
      const me = signedInDiner(request).customer;
      return { itemIds: await customers.addFavourite(me.id, me.brandId, request.params.itemId) };
    },
  );

  app.delete(
    '/customers/:uuid/me/favourites/:itemId/',
    {
      config: { auth: 'diner', diner: {} },
      schema: {
        tags: ['customers'],
        summary: 'Unmark a favourite dish (not one: no change)',
        params: favouriteParams,
        response: { 200: favouritesResponse, ...errors },
      },
    },
    async (request) => {
      const me = signedInDiner(request).customer;
      return { itemIds: await customers.removeFavourite(me.id, request.params.itemId) };
    },
  );
};

/**
 * The signed-in customer's own data. The QR uuid names the brand; the session cookie of that brand names the
 * customer, so there is no customer id in any path: nobody can ask for someone else's profile. Addresses are
 * looked up by id AND owner: another customer's address id answers 404.
 *
 * Registered as plugins by concern, in the order the routes always had (the OpenAPI document keeps it).
 */
export const customersRoutes: FastifyPluginAsyncZod<CustomersRoutesOptions> = async (app, options) => {
  await app.register(profileRoutes, options);
  await app.register(addressRoutes, options);
  await app.register(favouriteRoutes, options);
};
