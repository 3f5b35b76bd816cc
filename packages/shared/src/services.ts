/**
 * Service switches a manager can turn off. `brand` switches the whole brand off;
 * the others switch off one feature. Diners hitting a switched-off service land on /deactivated/{uuid}.
 */
export const SERVICES = [
  'brand',
  'menu',
  'ordering',
  'dine_in',
  'pickup',
  'delivery',
  'loyalty',
  'points_shop',
  'prize_shop',
  'coupons',
  'punch_cards',
  'wheel',
  'register_and_win',
  'referral',
  'evaluation',
] as const;
export type Service = (typeof SERVICES)[number];
