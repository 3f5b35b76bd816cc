import { z } from 'zod';
import { latLng } from './common.ts';

/**
 * The signed-in customer's own data (issue 3). The QR uuid names the brand, the brand's session cookie
 * names the customer: no customer id in any path. 401 when not signed in at this brand.
 *
 *   GET    /api/customers/{uuid}/me/                  → 200 customerSchema
 *   PATCH  /api/customers/{uuid}/me/                  profileUpdateBody → 200 customerSchema
 *   DELETE /api/customers/{uuid}/me/                  → 204, clears the cookies
 *   POST   /api/customers/{uuid}/me/phone/            phoneChangeBody   → 200 customerSchema (409 phone_in_use)
 *   GET    /api/customers/{uuid}/me/addresses/        → 200 addressListResponse
 *   POST   /api/customers/{uuid}/me/addresses/        addressBody → 201 addressSchema
 *   PUT    /api/customers/{uuid}/me/addresses/{id}/   addressBody (whole address; PATCH accepted too) → 200 addressSchema
 *   DELETE /api/customers/{uuid}/me/addresses/{id}/   → 204
 *   GET    /api/customers/{uuid}/me/favourites/       → 200 favouritesResponse
 *   PUT    /api/customers/{uuid}/me/favourites/{itemId}/ → 200 favouritesResponse (adding twice is a no-op)
 *   DELETE /api/customers/{uuid}/me/favourites/{itemId}/ → 200 favouritesResponse (removing twice too)
 * Another customer's address id answers 404 address_not_found, as if it did not exist.
 */

/** Spec §3 age groups: less than 18, 18-24, 25-39, 40-60, 60 plus. */
export const AGE_GROUPS = ['under_18', '18_24', '25_39', '40_60', 'over_60'] as const;
export const ageGroup = z.enum(AGE_GROUPS);
export type AgeGroup = z.infer<typeof ageGroup>;

export const GENDERS = ['male', 'female'] as const;
export const gender = z.enum(GENDERS);
export type Gender = z.infer<typeof gender>;

export const NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const CITY_MAX = 60;

/** Empty (or spaces) → null; otherwise a valid email, compared case-insensitively (stored lower-case). */
export const optionalEmail = z
  .string()
  .max(EMAIL_MAX)
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.union([z.literal(''), z.email()]))
  .transform((value) => (value === '' ? null : value));

const fullName = z.string().trim().min(1).max(NAME_MAX);

/**
 * Registration form (issue 3): full name and mobile are required (the mobile travels in the OTP request);
 * email may be empty; age group, gender and city are asked but may be skipped
 * (docs/adr/0029-registration-and-sign-in-one-page.md).
 */
export const registrationProfile = z.object({
  fullName,
  email: optionalEmail.optional(),
  ageGroup: ageGroup.nullable().optional(),
  gender: gender.nullable().optional(),
  city: z.string().trim().max(CITY_MAX).nullable().optional(),
});
export type RegistrationProfile = z.input<typeof registrationProfile>;

/** PATCH /api/customers/{uuid}/me/: any subset; the phone changes only through a new code (see phoneChangeBody). */
export const profileUpdateBody = registrationProfile.partial();
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

export const customerSchema = z.object({
  id: z.number().int(),
  brandId: z.number().int(),
  fullName: z.string(),
  /** E.164. */
  phone: z.string(),
  email: z.string().nullable(),
  ageGroup: ageGroup.nullable(),
  gender: gender.nullable(),
  city: z.string().nullable(),
  memberSince: z.iso.datetime(),
  /** Loyalty (a later issue); 0 until then. */
  walletPoints: z.number().int(),
  lifetimePoints: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;

/** POST /api/customers/{uuid}/me/phone/: a code sent with purpose change_phone to the new number. */
export const phoneChangeBody = z.object({
  requestId: z.string().min(1).max(64),
  code: z.string().regex(/^\d{4}$/),
});

/** Saved delivery addresses (spec §3): title, description, door, level, block, phone, map point. */
export const addressBody = z.object({
  title: z.string().trim().min(1).max(60),
  description: z.string().trim().min(1).max(300),
  doorNumber: z.string().trim().max(20).nullable().optional(),
  levelNumber: z.string().trim().max(20).nullable().optional(),
  blockNumber: z.string().trim().max(20).nullable().optional(),
  /** Contact phone for the driver, the spec's parse result; parsed by shared/phone. Optional. */
  phone: z
    .object({ phone_number: z.string().max(32), dial_code: z.string().max(8).optional() })
    .nullable()
    .optional(),
  location: latLng,
});
export type AddressBody = z.input<typeof addressBody>;

export const addressSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  doorNumber: z.string().nullable(),
  levelNumber: z.string().nullable(),
  blockNumber: z.string().nullable(),
  /** E.164 or null. */
  phone: z.string().nullable(),
  location: latLng,
  createdAt: z.iso.datetime(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListResponse = z.object({ addresses: z.array(addressSchema) });
export const addressIdParams = z.object({
  uuid: z.uuid(),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The signed-in diner's favourite dishes (menu item ids of the brand), oldest first. */
export const favouritesResponse = z.object({ itemIds: z.array(z.number().int()) });
export type FavouritesResponse = z.infer<typeof favouritesResponse>;
export const favouriteParams = z.object({
  uuid: z.uuid(),
  itemId: z.coerce.number().int().positive().max(2_147_483_647),
});
