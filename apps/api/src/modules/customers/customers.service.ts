import { parsePhone } from '@sufra/shared/phone/phone-number';
import type { Address, addressBody, Customer, profileUpdateBody } from '@sufra/shared/schemas/customer';
import type { z } from 'zod';

type AddressBody = z.infer<typeof addressBody>;
type ProfileUpdate = z.infer<typeof profileUpdateBody>;

import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../plugins/errors.ts';
import type { SessionsService } from '../auth/sessions.service.ts';
import {
  type AddressRow,
  type CustomerRow,
  countAddresses,
  deleteAddress,
  deleteCustomer,
  findCustomer,
  insertAddress,
  listAddresses,
  updateAddress,
  updateCustomer,
} from './customers.repo.ts';

/** Enough for home, work and family; keeps one account from filling the table. */
export const MAX_ADDRESSES = 20;

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    brandId: row.brandId,
    fullName: row.fullName,
    phone: row.phone,
    email: row.email,
    ageGroup: row.ageGroup as Customer['ageGroup'],
    gender: row.gender as Customer['gender'],
    city: row.city,
    memberSince: row.createdAt.toISOString(),
    walletPoints: row.walletPoints,
    lifetimePoints: row.lifetimePoints,
  };
}

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

/** Everything here is scoped to the signed-in customer of the brand (the principal from plugins/auth.ts). */
export function createCustomersService(ctx: AppContext, sessions: SessionsService) {
  const { db } = ctx;

  async function load(customerId: number, brandId: number): Promise<CustomerRow> {
    const row = await findCustomer(db, customerId, brandId);
    if (!row) throw new AppError('session_expired');
    return row;
  }

  return {
    async getMe(customerId: number, brandId: number): Promise<Customer> {
      return toCustomer(await load(customerId, brandId));
    },

    async updateProfile(customerId: number, brandId: number, body: ProfileUpdate): Promise<Customer> {
      const values: Partial<CustomerRow> = { updatedAt: ctx.now() };
      if (body.fullName !== undefined) values.fullName = body.fullName;
      if (body.email !== undefined) values.email = body.email;
      if (body.ageGroup !== undefined) values.ageGroup = body.ageGroup;
      if (body.gender !== undefined) values.gender = body.gender;
      if (body.city !== undefined) values.city = body.city ? body.city : null;
      const row = await updateCustomer(db, customerId, brandId, values);
      if (!row) throw new AppError('session_expired');
      return toCustomer(row);
    },

    /** Deletes the account and everything under it, and signs out every device, in one transaction. */
    async deleteAccount(customerId: number, brandId: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await deleteCustomer(tx, customerId, brandId))) throw new AppError('session_expired');
        await sessions.revokeSubject(tx, 'customer', customerId);
      });
    },

    async listAddresses(customerId: number): Promise<Address[]> {
      return (await listAddresses(db, customerId)).map(toAddress);
    },

    async addAddress(customerId: number, input: AddressBody): Promise<Address> {
      const values = addressValues(input);
      return db.transaction(async (tx) => {
        if ((await countAddresses(tx, customerId)) >= MAX_ADDRESSES) {
          throw new AppError('validation_failed', { maxAddresses: MAX_ADDRESSES });
        }
        return toAddress(await insertAddress(tx, { ...values, customerId, createdAt: ctx.now() }));
      });
    },

    /** Another customer's address id answers 404, as if it did not exist (nothing to learn from it). */
    async updateAddress(customerId: number, id: number, input: AddressBody): Promise<Address> {
      const row = await updateAddress(db, id, customerId, addressValues(input));
      if (!row) throw new AppError('address_not_found');
      return toAddress(row);
    },

    async deleteAddress(customerId: number, id: number): Promise<void> {
      if (!(await deleteAddress(db, id, customerId))) throw new AppError('address_not_found');
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
