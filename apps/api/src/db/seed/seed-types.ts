/**
 * The shape of seed data (demo brands, the large benchmark brand). Pure data: the seeder turns it
 * into rows. Keys (`key`) are local references inside one brand's data; the seeder maps them to ids.
 * Money in halalas. Images are paths relative to the image host, e.g. '/images/menu/kabsa.svg'.
 */

import type { ReferralRules } from '@sufra/shared/engagement/referral';
import type { QuestionKind } from '@sufra/shared/evaluation/answers';
import type { CouponKind } from '@sufra/shared/loyalty/coupons';
import type { PointsRules } from '@sufra/shared/loyalty/points';
import type { RewardKind, RewardShop } from '@sufra/shared/loyalty/rewards';
import type { OpeningSpan, SpecialDay } from '@sufra/shared/schemas/branch';
import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { Service } from '@sufra/shared/services';

export interface SeedBrand {
  slug: string;
  name: LocalizedText;
  logo: string | null;
  cover: string | null;
  /** Page hosts that pick this brand (multi-brand host rule). */
  hosts: string[];
  taxMode: 'inclusive' | 'exclusive';
  vatRateBasisPoints: number;
  /** The VAT registration number (15 digits, 3…3); absent: receipts are not tax invoices. */
  vatNumber?: string;
  branches: SeedBranch[];
  categories: SeedCategory[];
  modifierGroups: SeedModifierGroup[];
  items: SeedItem[];
  combos: SeedCombo[];
  popup: SeedPopup | null;
  slides: SeedSlide[];
  /** Services switched off for the whole brand (e.g. ['brand'] for a deactivated brand). */
  servicesOff: Service[];
  /** Staff users (issue 3). Passwords here are demo/test credentials, hashed by the seeder. */
  staff?: SeedStaff[];
  /** The points programme (issue 15); absent: the brand has none. */
  loyalty?: SeedLoyalty;
  /** The evaluation form (issue 17); absent: the brand has none. */
  evaluation?: SeedEvaluationForm;
  /** Coupons (issue 16). */
  coupons?: SeedCoupon[];
  /**
   * Demo diners' past orders (issue 24 item 8), completed through the order lifecycle's own reactions, so what the
   * demo shows (points, punches, a converted referral) is what those orders made: every ledger row exists.
   */
  sampleOrders?: SeedSampleOrder[];
}

export interface SeedSampleOrder {
  /** The diner (made by the loyalty samples, or here when absent). */
  phone: string;
  fullName: string;
  branch: string;
  /** Placed this many days before the seed runs (fractions allowed); completed 20 minutes later, paid in cash. */
  daysAgo: number;
  /** Item keys without required choices, with their quantities. */
  lines: { item: string; quantity: number }[];
}

export interface SeedEvaluationForm {
  name: LocalizedText;
  pointsReward: number;
  /** Whole stars; a submission averaging at or below it reaches the branch's managers live. */
  lowRatingThreshold: number;
  /** The English name of the brand's reward a manager's apology starts on (one of its seeded rewards). */
  apologyRewardName?: string;
  questions: {
    kind: QuestionKind;
    label: LocalizedText;
    /** Choice questions only; their ids are 1, 2, 3 … in this order. */
    options?: LocalizedText[];
    /** false: the diner may leave it unanswered (absent: required). */
    required?: boolean;
  }[];
}

/** A coupon; its window opens when seeded and lasts `validDays` (null: no end). */
export interface SeedCoupon {
  code: string;
  name: LocalizedText;
  kind: CouponKind;
  percentBasisPoints?: number;
  maxDiscountHalalas?: number;
  amountHalalas?: number;
  /** A free item's menu item, by its slug. */
  itemSlug?: string;
  minimumOrderHalalas?: number;
  globalLimit?: number;
  perCustomerLimit?: number;
  newCustomersOnly?: boolean;
  validDays: number | null;
}

export interface SeedLoyalty {
  rules: PointsRules;
  /** Lowest first. */
  levels: {
    name: LocalizedText;
    minLifetimePoints: number;
    multiplierBasisPoints: number;
    perks: { ar: string[]; en: string[] };
  }[];
  /** The points shop and the prize shop, in the order shown. */
  rewards?: SeedReward[];
  /** Punch card programmes (issue 16), in the order shown. */
  punchCards?: SeedPunchProgramme[];
  /** The referral rule (issue 17): points to each side when a friend's first paid order is completed. */
  referral?: ReferralRules & { sample?: SeedReferralSample };
}

/** A demo diner's referral page with friends in several statuses (created when absent). */
export interface SeedReferralSample {
  referrer: { phone: string; fullName: string };
  /** Their code: 8 characters of shared/engagement/referral.ts's alphabet. */
  code: string;
  friends: {
    phone: string;
    fullName?: string;
    status: 'pending' | 'joined' | 'active' | 'converted';
    daysAgo: number;
  }[];
}

export interface SeedPunchProgramme {
  name: LocalizedText;
  /** Qualifying items by slug and categories by key (at least one of the two). */
  itemSlugs: string[];
  categoryKeys: string[];
  itemsCount: number;
  daysToComplete: number;
  /** The reward a full card issues: one of this brand's rewards, by its English name. */
  rewardName: string;
  /** Demo diners (created when absent) with a card already punched this many times, so the demo shows one. */
  sampleCards?: { phone: string; fullName: string; punches: number }[];
}

export interface SeedReward {
  shop: RewardShop;
  kind: RewardKind;
  name: LocalizedText;
  description: LocalizedText;
  image?: string | null;
  /** null: not for sale (a prize). */
  pointsCost: number | null;
  /** A free item's menu item, by its slug. */
  itemSlug?: string;
  percentBasisPoints?: number;
  maxDiscountHalalas?: number;
  amountHalalas?: number;
  validDays: number | null;
}

export interface SeedStaff {
  email: string;
  name: string;
  role: 'owner' | 'manager' | 'cashier';
  password: string;
  /** Branch keys (an owner sees every branch whatever this says). */
  branches: string[];
}

export interface SeedBranch {
  key: string;
  name: LocalizedText;
  address: LocalizedText;
  phone: string | null;
  lat: number;
  lng: number;
  timeZone: string;
  /** Empty = closed all week. Spans in the branch's zone; `closes` earlier than `opens` passes midnight. */
  openingHours: OpeningSpan[];
  isMain: boolean;
  integrated: boolean;
  dineInRadiusMeters: number;
  orderTypes: { dineIn: boolean; pickup: boolean; delivery: boolean };
  deliveryZones: {
    name: LocalizedText;
    feeHalalas: number;
    minimumOrderHalalas: number;
    /** GeoJSON Polygon geometry, [lng, lat] pairs, ring closed. */
    geometry: { type: 'Polygon'; coordinates: number[][][] };
  }[];
  tables: {
    number: string;
    status: 'free' | 'occupied' | 'reserved' | 'check_printed';
    /** Default 4 seats, no area. */
    seats?: number;
    area?: string;
  }[];
  /** Holidays and special days (default none). */
  specialDays?: SpecialDay[];
  /** QR codes: fixed uuids so links stay stable across reseeds. `table` = table number or null (counter QR). */
  qrCodes: { uuid: string; table: string | null; active: boolean }[];
  paymentChoices: { method: 'cash' | 'card'; name: LocalizedText; orderTypes: (1 | 2 | 3)[] }[];
  /** Item keys not sold at this branch (absent from its menu). */
  itemsNotSold: string[];
  /** Item keys sold here but sold out right now. */
  itemsSoldOut: string[];
  servicesOff: Service[];
}

export interface SeedCategory {
  key: string;
  name: LocalizedText;
  image: string | null;
}

export interface SeedModifierGroup {
  key: string;
  name: LocalizedText;
  min: number;
  max: number;
  options: { name: LocalizedText; priceHalalas: number; calories: number | null; available?: boolean }[];
}

export interface SeedItem {
  key: string;
  category: string;
  /** URL-safe English name, unique in the brand: /items/{uuid}/{slug}. */
  slug: string;
  name: LocalizedText;
  description: LocalizedText;
  image: string | null;
  priceHalalas: number;
  taxRateBasisPoints: number | null;
  calories: number | null;
  modifierGroups: string[];
}

export interface SeedCombo {
  /** The combo is also an item (listed in its category); these are its slots. */
  item: SeedItem;
  slots: { name: LocalizedText; choices: { item: string; extraPriceHalalas: number }[] }[];
}

export interface SeedPopup {
  backgroundImage: string;
  text: LocalizedText;
  buttonText: LocalizedText;
  redirectUrl: string;
}

export interface SeedSlide {
  image: string;
  width: number;
  height: number;
  title: LocalizedText;
  redirectUrl: string | null;
}
