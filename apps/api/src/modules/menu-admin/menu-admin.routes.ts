import multipart, { type MultipartFile } from '@fastify/multipart';
import { dbIdParam, errorResponses, idParams, nonJsonResponse } from '@sufra/shared/schemas/common';
import {
  adminCategorySchema,
  adminItemSchema,
  adminMenuResponse,
  adminModifierGroupSchema,
  branchItemBody,
  bulkBody,
  bulkResponse,
  categoryBody,
  categoryOrderBody,
  categoryUpdateBody,
  csvExportResponse,
  csvImportBody,
  csvImportResponse,
  itemBody,
  itemListQuery,
  itemListResponse,
  itemUpdateBody,
  modifierGroupBody,
  modifierGroupUpdateBody,
} from '@sufra/shared/schemas/menu-admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import type { MenuAdminService } from './menu-admin.service.ts';

export interface MenuAdminRoutesOptions {
  menuAdmin: MenuAdminService;
  guards: AuthGuards;
}

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const photoErrors = errorResponses(400, 401, 403, 404, 409, 413, 415, 422);
/** A phone camera's photo fits; the stored sizes are re-encoded from it. */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const photoParts = z.object({ photo: z.string().meta({ format: 'binary' }) });

function sendPhoto(reply: FastifyReply, body: Buffer) {
  return (
    reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      // The name holds a random part: a new photo gets a new name, so this one can be kept for good.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body)
  );
}

/** The one file part of a photo upload, read as it streams in (cut off past MAX_PHOTO_BYTES). */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && photo === undefined) photo = await (part as MultipartFile).toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupported_media_type');
    if (typeof code === 'string' && code.startsWith('FST_')) throw new AppError('payload_too_large');
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request');
  }
  if (!photo) throw new AppError('validation_failed', undefined, { photo: 'field_required' });
  return photo;
}
const BASE = '/staff/manage/menu';
const tags = ['menu-admin'];

/**
 * The menu console (issue 26 items 2 and 3): owners and managers; cashiers are refused (403). Brand-wide edits need
 * the owner, or a manager when the brand allows it; a branch's rows need a manager of that branch. Saves of shared
 * objects carry the version read, and a stale one answers 409 with both values.
 */
export const menuAdminRoutes: FastifyPluginAsyncZod<MenuAdminRoutesOptions> = async (app, { menuAdmin, guards }) => {
  const managers = guards.staff(['owner', 'manager']);
  // Multipart for the photo upload only (registered in this plugin's scope).
  await app.register(multipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 50 },
  });

  app.get(
    '/menu/photos/:brandId/:name/',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A menu photo at one of the sizes the menu serves (image/webp, public, never changes)',
        params: z.object({ brandId: dbIdParam, name: z.string().max(80) }),
        response: { 200: nonJsonResponse('image/webp', 'The photo (re-encoded WebP, no metadata)'), ...errors },
      },
    },
    async (request, reply) => {
      const body = await menuAdmin.photo(request.params.brandId, request.params.name);
      if (!body) throw new AppError('not_found');
      return sendPhoto(reply, body);
    },
  );

  app.post(
    `${BASE}/items/:id/photo/`,
    {
      preHandler: managers,
      config: { multipartBody: photoParts },
      schema: {
        tags,
        summary: "An item's photo (multipart, the file part `photo`): JPEG, PNG or WebP by content, re-encoded",
        params: idParams,
        response: { 200: adminItemSchema, ...photoErrors },
      },
    },
    async (request) =>
      menuAdmin.setItemPhoto(staffOf(request), request.ip, request.params.id, await readPhoto(request)),
  );

  app.get(
    `${BASE}/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "The brand's menu as the console edits it: categories, items with their rows at the user's branches",
        response: { 200: adminMenuResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return menuAdmin.overview(staffOf(request));
    },
  );

  app.get(
    `${BASE}/items/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'The item list a page at a time: search (names, slug), category, status at a branch, sort, offset paging',
        querystring: itemListQuery,
        response: { 200: itemListResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return menuAdmin.itemPage(staffOf(request), request.query, request.language);
    },
  );

  app.post(
    `${BASE}/categories/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Creates a category (names and descriptions in both languages, an optional visibility window)',
        body: categoryBody,
        response: { 201: adminCategorySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return menuAdmin.createCategory(staffOf(request), request.ip, request.body);
    },
  );

  app.put(
    `${BASE}/categories/:id/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Edits a category at the version read (a stale save: 409 with both values)',
        params: idParams,
        body: categoryUpdateBody,
        response: { 200: adminCategorySchema, ...errors },
      },
    },
    async (request) => menuAdmin.updateCategory(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.delete(
    `${BASE}/categories/:id/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Deletes an empty category',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await menuAdmin.deleteCategory(staffOf(request), request.ip, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${BASE}/categories/order/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Puts the categories in this order (every category of the brand, once)',
        body: categoryOrderBody,
        response: { 200: z.object({ categories: z.array(adminCategorySchema) }), ...errors },
      },
    },
    async (request) => ({
      categories: await menuAdmin.orderCategories(staffOf(request), request.ip, request.body),
    }),
  );

  app.get(
    `${BASE}/items/:id/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'One item as the console edits it, with its version',
        params: idParams,
        response: { 200: adminItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return menuAdmin.item(staffOf(request), request.params.id);
    },
  );

  app.post(
    `${BASE}/items/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Creates an item (or a combo, with slots), sold at every branch of the brand',
        body: itemBody,
        response: { 201: adminItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return menuAdmin.createItem(staffOf(request), request.ip, request.body);
    },
  );

  app.put(
    `${BASE}/items/:id/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Edits an item at the version read (a stale save: 409 with both values)',
        params: idParams,
        body: itemUpdateBody,
        response: { 200: adminItemSchema, ...errors },
      },
    },
    async (request) => menuAdmin.updateItem(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.put(
    `${BASE}/items/:id/branches/:branchId/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "An item at one of the user's branches: sold there, sold out (today, or until set back), its price",
        params: z.object({ id: dbIdParam, branchId: dbIdParam }),
        body: branchItemBody,
        response: { 200: adminItemSchema, ...errors },
      },
    },
    async (request) =>
      menuAdmin.setBranchItem(staffOf(request), request.ip, request.params.id, request.params.branchId, request.body),
  );

  app.post(
    `${BASE}/items/bulk/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'A bulk action on items: sold out today or back at a branch, move category, activate, deactivate',
        body: bulkBody,
        response: { 200: bulkResponse, ...errors },
      },
    },
    async (request) => menuAdmin.bulk(staffOf(request), request.ip, request.body),
  );

  app.get(
    `${BASE}/items/csv/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          "The brand's items and prices as CSV (id, category, names, descriptions, price in SAR, calories, active)",
        response: { 200: csvExportResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return menuAdmin.exportCsv(staffOf(request));
    },
  );

  app.post(
    `${BASE}/items/csv/`,
    {
      preHandler: managers,
      // A 1,500-item menu's file is about 300 KB; the API's default limit is 256 KB.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Imports items and prices from CSV, all or nothing (422 naming every bad row and column)',
        body: csvImportBody,
        response: { 200: csvImportResponse, ...errors },
      },
    },
    async (request) => menuAdmin.importCsv(staffOf(request), request.ip, request.body.csv, request.language),
  );

  app.post(
    `${BASE}/modifier-groups/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Creates a modifier group (min and max choices, options with prices), attached to the items named',
        body: modifierGroupBody,
        response: { 201: adminModifierGroupSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return menuAdmin.createModifierGroup(staffOf(request), request.ip, request.body);
    },
  );

  app.put(
    `${BASE}/modifier-groups/:id/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Edits a modifier group at the version read (options kept by id), attaching it to or taking it off items',
        params: idParams,
        body: modifierGroupUpdateBody,
        response: { 200: adminModifierGroupSchema, ...errors },
      },
    },
    async (request) => menuAdmin.updateModifierGroup(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.delete(
    `${BASE}/modifier-groups/:id/`,
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Deletes a modifier group: it leaves every item (orders keep their own copies)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await menuAdmin.deleteModifierGroup(staffOf(request), request.ip, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
