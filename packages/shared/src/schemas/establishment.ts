import { z } from 'zod';
import { branchSchema } from './branch.ts';
import { localizedText, serviceSchema } from './common.ts';

export const brandSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: localizedText,
  logo: z.string().nullable(),
  cover: z.string().nullable(),
  settings: z.object({
    languages: z.array(z.enum(['ar', 'en'])),
    currency: z.literal('SAR'),
    /** Menu prices include VAT ('inclusive') or have it added ('exclusive'). */
    taxMode: z.enum(['inclusive', 'exclusive']),
    /** Default VAT in basis points (1500 = 15%). */
    vatRateBasisPoints: z.number().int(),
  }),
});
export type Brand = z.infer<typeof brandSchema>;

export const tableSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(['free', 'occupied', 'reserved', 'check_printed']),
});

/** `GET restaurant/qr/{uuid}/data/`: everything the landing page and the navbar need. */
/** utm_source is trimmed and must be at most 100 letters, digits, `_`, `.` or `-` (anything else → 400). */
export const utmSource = z
  .string()
  .trim()
  .max(100)
  .regex(/^[\w.-]*$/);
export const qrDataQuery = z.object({ utm_source: utmSource.optional() });
export const qrDataResponse = z.object({
  uuid: z.uuid(),
  brand: brandSchema,
  branch: branchSchema,
  table: tableSchema.nullable(),
  /** The QR's branch has tables: dine-in from a counter QR then asks which one (placeOrderBody.tableNumber). */
  branchHasTables: z.boolean(),
  /** Every service with whether it is on (brand switch and branch switch combined). */
  services: z.record(serviceSchema, z.boolean()),
  /** Echo of the utm_source query (sanitised), or null. The pop-up button passes it on. */
  utm_source: z.string().nullable(),
});
export type QrData = z.infer<typeof qrDataResponse>;

/** `POST /branch/qr-check/`: is this uuid a known, active QR code, and is its brand switched on? */
export const qrCheckBody = z.object({ uuid: z.string().max(100) });
export const qrCheckResponse = z.object({
  uuid: z.string(),
  /** The uuid is well-formed and belongs to a QR code. */
  valid: z.boolean(),
  /** The QR code is active and its brand is not switched off. */
  active: z.boolean(),
  branchId: z.number().int().nullable(),
  tableId: z.number().int().nullable(),
  /** Why it is not active: 'qr_inactive' | 'service_deactivated' | null. */
  reason: z.enum(['invalid_uuid', 'qr_not_found', 'qr_inactive', 'service_deactivated']).nullable(),
});
export type QrCheckResponse = z.infer<typeof qrCheckResponse>;

/** `GET menu/order/qr/payment/choices/{id}/` (id = branch id). */
export const paymentChoiceSchema = z.object({
  id: z.number().int(),
  method: z.enum(['cash', 'card']),
  name: localizedText,
  orderTypes: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])),
});
export const paymentChoicesResponse = z.object({ choices: z.array(paymentChoiceSchema) });
export type PaymentChoice = z.infer<typeof paymentChoiceSchema>;
