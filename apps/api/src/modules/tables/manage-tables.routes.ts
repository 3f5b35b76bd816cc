import { errorResponses, idParams, nonJsonResponse, qrUuid } from '@sufra/shared/schemas/common';
import {
  manageQrCode,
  manageTable,
  manageTablesQuery,
  manageTablesResponse,
  qrCreateBody,
  tableCardsPdfQuery,
  tableCardsQuery,
  tableCreateBody,
  tableUpdateBody,
} from '@sufra/shared/schemas/manage-tables';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, staffOf } from '../../plugins/auth.ts';
import type { ManageTablesService } from './manage-tables.service.ts';

export interface ManageTablesRoutesOptions {
  manageTables: ManageTablesService;
  guards: AuthGuards;
}

/** A QR code's uuid (not the diner's path parameter: no diner context here). */
const codeParams = z.object({ code: qrUuid });

const errors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409, 410);

/** The console's tables and QR codes: owners and managers, within their branches (issue 26 item 6). */
export const manageTablesRoutes: FastifyPluginAsyncZod<ManageTablesRoutesOptions> = async (app, opts) => {
  const { manageTables } = opts;
  const managers = opts.guards.staff(['owner', 'manager']);
  const tags = ['staff'];

  app.get(
    '/staff/manage/tables/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "A branch's tables with their QR codes, and its counter codes",
        querystring: manageTablesQuery,
        response: { 200: manageTablesResponse, ...errors },
      },
    },
    async (request) => manageTables.list(staffOf(request), request.query.branchId),
  );

  app.post(
    '/staff/manage/tables/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'A new table (number, seats, area) with its first QR code',
        body: tableCreateBody,
        response: { 201: manageTable, ...writeErrors },
      },
    },
    async (request, reply) => {
      const table = await manageTables.create(staffOf(request), request.ip, request.body);
      return reply.code(201).send(table);
    },
  );

  app.patch(
    '/staff/manage/tables/:id/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "A table's number, seats and area, against the version read (409 table_changed when stale)",
        params: idParams,
        body: tableUpdateBody,
        response: { 200: manageTable, ...writeErrors },
      },
    },
    async (request) => manageTables.update(staffOf(request), request.ip, request.params.id, request.body),
  );

  app.delete(
    '/staff/manage/tables/:id/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Removes a table; its QR codes stop working at once',
        params: idParams,
        response: { 204: z.null().describe('Removed'), ...writeErrors },
      },
    },
    async (request, reply) => {
      await manageTables.remove(staffOf(request), request.ip, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/manage/tables/qr-codes/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: "A new QR code for a table of the branch, or (tableId null) for the branch's counter",
        body: qrCreateBody,
        response: { 201: manageQrCode, ...writeErrors },
      },
    },
    async (request, reply) => {
      const code = await manageTables.createCode(staffOf(request), request.ip, request.body);
      return reply.code(201).send(code);
    },
  );

  app.post(
    '/staff/manage/tables/qr-codes/:code/deactivate/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'The code stops working: diners scanning it land on the inactive-code page (410 when already so)',
        params: codeParams,
        response: { 200: manageQrCode, ...writeErrors },
      },
    },
    async (request) => manageTables.deactivateCode(staffOf(request), request.ip, request.params.code),
  );

  app.post(
    '/staff/manage/tables/qr-codes/:code/replace/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'A fresh code for the same table or counter; the old one stops working (410 when already so)',
        params: codeParams,
        response: { 201: manageQrCode, ...writeErrors },
      },
    },
    async (request, reply) => {
      const code = await manageTables.replaceCode(staffOf(request), request.ip, request.params.code);
      return reply.code(201).send(code);
    },
  );

  app.get(
    '/staff/manage/tables/cards.png',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Printable table cards as a PNG (150 dpi): an A4 sheet of six, or one table-tent card per page; header x-pages',
        querystring: tableCardsQuery,
        response: { 200: nonJsonResponse('image/png', 'The cards'), ...errors },
      },
    },
    async (request, reply) => {
      const { png, pages } = await manageTables.cards(staffOf(request), request.query);
      const name = `table-cards-${request.query.size}-${request.query.page}.png`;
      return sendPng(reply, png, pages, name);
    },
  );

  app.get(
    '/staff/manage/tables/cards.pdf',
    {
      preHandler: managers,
      schema: {
        tags,
        summary:
          'Printable table cards as one PDF: A4 pages of six cards, or one table-tent card (100 × 150 mm) a page; header x-cards',
        querystring: tableCardsPdfQuery,
        response: { 200: nonJsonResponse('application/pdf', 'The cards'), ...errors },
      },
    },
    async (request, reply) => {
      const { pdf, cards } = await manageTables.cardsPdf(staffOf(request), request.query);
      return sendPdf(reply, pdf, cards, `table-cards-${request.query.size}.pdf`);
    },
  );
};

/** A PNG answer (a Buffer: no serializer runs on it). */
function sendPng(reply: FastifyReply, png: Buffer, pages: number, name: string) {
  return reply
    .header('content-type', 'image/png')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('x-pages', String(pages))
    .header('content-disposition', `inline; filename="${name}"`)
    .send(png);
}

/** A PDF download (a Buffer: no serializer runs on it); x-cards counts the cards in it. */
function sendPdf(reply: FastifyReply, pdf: Buffer, cards: number, name: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('x-cards', String(cards))
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(pdf);
}
