/** How the demo's data is written: text in both languages, and items entered per category. */
import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { SeedItem } from '../seed-types.ts';

/** An item as written below: the slug is the key, the image a name under /images/menu, tax null unless overridden. */
export type ItemEntry = Omit<SeedItem, 'category' | 'slug' | 'image' | 'taxRateBasisPoints'> & {
  image: string;
  taxRateBasisPoints?: number;
};

export const inCategory = (category: string, entries: ItemEntry[]): SeedItem[] =>
  entries.map(({ image, taxRateBasisPoints, ...entry }) => ({
    ...entry,
    category,
    slug: entry.key,
    image: `/images/menu/${image}.svg`,
    taxRateBasisPoints: taxRateBasisPoints ?? null,
  }));

export const t = (ar: string, en: string): LocalizedText => ({ ar, en });
