/**
 * The fixed allergen list an item can declare (the 14 major allergens of the GSO/EU labelling rules), with each
 * language's label. Codes are stored; labels are shown.
 */
export const MENU_ALLERGENS = {
  gluten: { ar: 'الغلوتين', en: 'Gluten' },
  crustaceans: { ar: 'القشريات', en: 'Crustaceans' },
  eggs: { ar: 'البيض', en: 'Eggs' },
  fish: { ar: 'الأسماك', en: 'Fish' },
  peanuts: { ar: 'الفول السوداني', en: 'Peanuts' },
  soy: { ar: 'الصويا', en: 'Soy' },
  milk: { ar: 'الحليب', en: 'Milk' },
  tree_nuts: { ar: 'المكسرات', en: 'Tree nuts' },
  celery: { ar: 'الكرفس', en: 'Celery' },
  mustard: { ar: 'الخردل', en: 'Mustard' },
  sesame: { ar: 'السمسم', en: 'Sesame' },
  sulphites: { ar: 'الكبريتيت', en: 'Sulphites' },
  lupin: { ar: 'الترمس', en: 'Lupin' },
  molluscs: { ar: 'الرخويات', en: 'Molluscs' },
} as const;

export type MenuAllergen = keyof typeof MENU_ALLERGENS;
export const MENU_ALLERGEN_CODES = Object.keys(MENU_ALLERGENS) as [MenuAllergen, ...MenuAllergen[]];
