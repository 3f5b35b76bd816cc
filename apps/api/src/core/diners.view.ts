import type { Customer } from '@sufra/shared/schemas/customer';
import type { CustomerRow } from './diners.repo.ts';

/** The diner's record as the API answers it (sign-in and the account). */
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
