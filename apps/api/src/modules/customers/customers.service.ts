import { parsePhone } from '@sufra/shared/phone/phone-number';
import type { Address, addressBody, Customer, profileUpdateBody } from '@sufra/shared/schemas/customer';
import type { z } from 'zod';

type AddressBody = z.infer<typeof addressBody>;
type ProfileUpdate = z.infer<typeof profileUpdateBody>;

import type { AppContext } from '../../app-context.ts';
import { type CustomerRow, findCustomer, updateCustomer } from '../../core/diners.repo.ts';
import { toCustomer } from '../../core/diners.view.ts';
import type { SessionsService } from '../../core/sessions.service.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  type AddressRow,
  brandHasItem,
  countAddresses,
  countFavourites,
  deleteAddress as deleteAddressRow,
  deleteCustomer,
  deleteFavourite,
  insertAddress,
  insertFavourite,
  listAddresses as listAddressRows,
  listFavouriteItemIds,
  updateAddress as updateAddressRow,
} from './customers.repo.ts';

/** Enough for home, work and family; keeps one account from filling the table. */
export const MAX_ADDRESSES = 20;

/** More than any menu page shows at once; keeps one account from filling the table. */
export const MAX_FAVOURITES = 200;

function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    doorNumber: row.doorNumber,
    levelNumber: row.levelNumber,
    blockNumber: row.blockNumber,
    phone: row.phone,
    location: { lat: row.lat, lng: row.lng },
    createdAt: row.createdAt.toISOString(),
  };
}

/** The address fields as columns; the contact phone parsed by the shared rule (400 with its field on failure). */
function addressValues(body: AddressBody) {
  let phone: string | null = null;
  if (body.phone && body.phone.phone_number.trim() !== '') {
    const parsed = parsePhone(body.phone);
    if (!parsed.ok) {
      const field = parsed.problem === 'dial_code_unknown' ? 'phone.dial_code' : 'phone.phone_number';
      throw new AppError(parsed.problem, undefined, { [field]: parsed.problem });
    }
    phone = parsed.e164;
  }
  return {
    title: body.title,
    description: body.description,
    doorNumber: body.doorNumber || null,
    levelNumber: body.levelNumber || null,
    blockNumber: body.blockNumber || null,
    phone,
    lat: body.location.lat,
    lng: body.location.lng,
  };
}

/** What the customers' operations need: the app (database, clock) and the sessions, to sign a deleted account out. */
export interface CustomersDeps {
  ctx: AppContext;
  sessions: SessionsService;
}

async function load({ ctx }: CustomersDeps, customerId: number, brandId: number): Promise<CustomerRow> {
  const row = await findCustomer(ctx.db, customerId, brandId);
  if (!row) throw new AppError('session_expired');
  return row;
}

export async function getMe(deps: CustomersDeps, customerId: number, brandId: number): Promise<Customer> {
  return toCustomer(await load(deps, customerId, brandId));
}

export async function updateProfile(
  { ctx }: CustomersDeps,
  customerId: number,
  brandId: number,
  body: ProfileUpdate,
): Promise<Customer> {
  const values: Partial<CustomerRow> = { updatedAt: ctx.now() };
  if (body.fullName !== undefined) values.fullName = body.fullName;
  if (body.email !== undefined) values.email = body.email;
  if (body.ageGroup !== undefined) values.ageGroup = body.ageGroup;
  if (body.gender !== undefined) values.gender = body.gender;
  if (body.city !== undefined) values.city = body.city ? body.city : null;
  const row = await updateCustomer(ctx.db, customerId, brandId, values);
  if (!row) throw new AppError('session_expired');
  return toCustomer(row);
}

/** Deletes the account and everything under it, and signs out every device, in one transaction. */
export async function deleteAccount(
  { ctx, sessions }: CustomersDeps,
  customerId: number,
  brandId: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteCustomer(tx, customerId, brandId))) throw new AppError('session_expired');
    await sessions.revokeSubject(tx, 'customer', customerId);
  });
}

export async function listAddresses({ ctx }: CustomersDeps, customerId: number): Promise<Address[]> {
  return (await listAddressRows(ctx.db, customerId)).map(toAddress);
}

export async function addAddress({ ctx }: CustomersDeps, customerId: number, input: AddressBody): Promise<Address> {
  const values = addressValues(input);
  return ctx.db.transaction(async (tx) => {
    if ((await countAddresses(tx, customerId)) >= MAX_ADDRESSES) {
      throw new AppError('validation_failed', { maxAddresses: MAX_ADDRESSES });
    }
    return toAddress(await insertAddress(tx, { ...values, customerId, createdAt: ctx.now() }));
  });
}

/** Another customer's address id answers 404, as if it did not exist (nothing to learn from it). */
export async function updateAddress(
  { ctx }: CustomersDeps,
  customerId: number,
  id: number,
  input: AddressBody,
): Promise<Address> {
  const row = await updateAddressRow(ctx.db, id, customerId, addressValues(input));
  if (!row) throw new AppError('address_not_found');
  return toAddress(row);
}

export async function deleteAddress({ ctx }: CustomersDeps, customerId: number, id: number): Promise<void> {
  if (!(await deleteAddressRow(ctx.db, id, customerId))) throw new AppError('address_not_found');
}

export async function listFavourites({ ctx }: CustomersDeps, customerId: number): Promise<number[]> {
  return listFavouriteItemIds(ctx.db, customerId);
}

/**
 * Adds a dish of the customer's brand (another brand's or a missing id: 404 item_not_found, nothing written).
 * Adding one already there changes nothing, so a retried or doubled tap is harmless.
 */
export async function addFavourite(
  { ctx }: CustomersDeps,
  customerId: number,
  brandId: number,
  itemId: number,
): Promise<number[]> {
  return ctx.db.transaction(async (tx) => {
    if (!(await brandHasItem(tx, brandId, itemId))) throw new AppError('item_not_found');
    const added = await insertFavourite(tx, customerId, itemId, ctx.now());
    // Counted after the insert, in the same transaction: a full list rolls the new row back.
    if (added && (await countFavourites(tx, customerId)) > MAX_FAVOURITES) {
      throw new AppError('favourites_full', { maxFavourites: MAX_FAVOURITES });
    }
    return listFavouriteItemIds(tx, customerId);
  });
}

/** Removing a dish that is not a favourite (any more) is not an error: the diner's wish holds either way. */
export async function removeFavourite({ ctx }: CustomersDeps, customerId: number, itemId: number): Promise<number[]> {
  await deleteFavourite(ctx.db, customerId, itemId);
  return listFavouriteItemIds(ctx.db, customerId);
}

/**
 * Everything here is scoped to the signed-in customer of the brand (the principal from plugins/auth.ts). The
 * operations are the plain functions above; this binds them to the app so callers say `customers.getMe(...)`.
 */
export function createCustomersService(ctx: AppContext, sessions: SessionsService) {
  const deps: CustomersDeps = { ctx, sessions };
  return {
    getMe: getMe.bind(null, deps),
    updateProfile: updateProfile.bind(null, deps),
    deleteAccount: deleteAccount.bind(null, deps),
    listAddresses: listAddresses.bind(null, deps),
    addAddress: addAddress.bind(null, deps),
    updateAddress: updateAddress.bind(null, deps),
    deleteAddress: deleteAddress.bind(null, deps),
    listFavourites: listFavourites.bind(null, deps),
    addFavourite: addFavourite.bind(null, deps),
    removeFavourite: removeFavourite.bind(null, deps),
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
