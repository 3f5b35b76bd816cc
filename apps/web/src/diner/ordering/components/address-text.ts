import type { Address } from '@sufra/shared/schemas/customer';

export function addressText(address: Pick<Address, 'title' | 'description'>): string {
  return `${address.title}: ${address.description}`;
}
