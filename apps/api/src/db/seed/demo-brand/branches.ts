/**
 * The demo's four branches, chosen to show every branch state (open round the clock, closed by its hours,
 * POS-integrated, pickup/delivery only and open past midnight), with their zones, tables and QR codes.
 */
import type { OpeningSpan } from '@sufra/shared/schemas/branch';
import type { SeedBranch } from '../seed-types.ts';

/** Counter QR of the main branch (Olaya): the README and e2e journeys start here. */
export const DEMO_COUNTER_QR = '3f2b8c1e-7a4d-4e8b-9c2a-1d5e6f7a8b9c';
/** Table 1 QR of the main branch. */
export const DEMO_TABLE_1_QR = '5a1c9e2d-3b4f-4a6e-8d7c-2e9f1a3b4c5d';
/** A retired counter QR of the main branch, kept to show how an inactive code is refused. */
export const DEMO_INACTIVE_QR = '9d8c7b6a-5f4e-4d3c-8b2a-1a0f9e8d7c6b';

const NEXT_YEAR = new Date().getUTCFullYear() + 1;

const everyDay = (opens: string, closes: string): OpeningSpan[] =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, opens, closes }));

const paymentChoices: SeedBranch['paymentChoices'] = [
  { method: 'cash', name: { ar: 'نقداً', en: 'Cash' }, orderTypes: [1, 2, 3] },
  {
    method: 'card',
    name: { ar: 'بطاقة (مدى، فيزا، ماستركارد)', en: 'Card (mada, Visa, Mastercard)' },
    orderTypes: [1, 2, 3],
  },
];

const ring = (points: [lng: number, lat: number][]): number[][][] => {
  const first = points[0];
  // GeoJSON rings repeat their first point at the end.
  return first ? [[...points, first]] : [];
};

export const olaya: SeedBranch = {
  key: 'olaya',
  name: { ar: 'العليا', en: 'Olaya' },
  address: { ar: 'شارع العليا، حي العليا، الرياض 12214', en: 'Olaya Street, Al Olaya, Riyadh 12214' },
  phone: '+966114620150',
  lat: 24.6995,
  lng: 46.685,
  timeZone: 'Asia/Riyadh',
  // The flagship never closes (00:00–24:00 every day): the browser journeys order here at whatever hour CI runs.
  // Al Yasmin shows a span past midnight.
  openingHours: everyDay('00:00', '24:00'),
  isMain: true,
  integrated: false,
  dineInRadiusMeters: 150,
  orderTypes: { dineIn: true, pickup: true, delivery: true },
  // Two zones side by side (not nested), so any address falls in at most one zone of this branch.
  deliveryZones: [
    {
      name: { ar: 'العليا والسليمانية', en: 'Olaya & Sulaimaniyah' },
      feeHalalas: 1000,
      minimumOrderHalalas: 3000,
      geometry: {
        type: 'Polygon',
        coordinates: ring([
          [46.665, 24.68],
          [46.705, 24.68],
          [46.712, 24.7],
          [46.705, 24.72],
          [46.665, 24.72],
          [46.658, 24.7],
        ]),
      },
    },
    {
      name: { ar: 'المروج والمحمدية', en: 'Al Murooj & Al Mohammadiyah' },
      feeHalalas: 1500,
      minimumOrderHalalas: 5000,
      geometry: {
        type: 'Polygon',
        coordinates: ring([
          [46.665, 24.72],
          [46.705, 24.72],
          [46.712, 24.74],
          [46.7, 24.76],
          [46.64, 24.76],
          [46.635, 24.735],
        ]),
      },
    },
  ],
  tables: [
    { number: '1', status: 'free', seats: 2, area: 'الصالة' },
    { number: '2', status: 'free', seats: 2, area: 'الصالة' },
    { number: '3', status: 'free', seats: 4, area: 'الصالة' },
    { number: '4', status: 'free', seats: 4, area: 'الصالة' },
    { number: '5', status: 'free', seats: 6, area: 'قسم العائلات' },
    { number: '6', status: 'free', seats: 6, area: 'قسم العائلات' },
    { number: '7', status: 'occupied', seats: 8, area: 'قسم العائلات' },
    { number: '8', status: 'reserved', seats: 4, area: 'الجلسات الخارجية' },
    { number: '9', status: 'check_printed', seats: 4, area: 'الجلسات الخارجية' },
    { number: '10', status: 'free', seats: 10, area: 'الجلسات الخارجية' },
  ],
  // Next year's Founding Day (shorter hours) and National Day (closed), so the console shows special days and no
  // journey ever runs on one.
  specialDays: [
    { date: `${NEXT_YEAR}-02-22`, ranges: [{ opens: '16:00', closes: '23:00' }] },
    { date: `${NEXT_YEAR}-09-23`, ranges: [] },
  ],
  qrCodes: [
    { uuid: DEMO_COUNTER_QR, table: null, active: true },
    { uuid: DEMO_TABLE_1_QR, table: '1', active: true },
    { uuid: '4302483a-53f0-49c6-9c00-5cdf094de01d', table: '2', active: true },
    { uuid: '675fcc30-38db-4d7f-b0f1-5c4d75ade757', table: '3', active: true },
    { uuid: '86e3c250-fd70-4e8e-a018-06f78e509392', table: '4', active: true },
    { uuid: '3ee56c3c-3310-443c-8bc3-8771b254e178', table: '5', active: true },
    { uuid: 'a80bc219-6bf4-4ed9-a95c-7452e5bd8855', table: '6', active: true },
    { uuid: '4a7b9086-93d7-4384-901e-0dfd5c12774d', table: '7', active: true },
    { uuid: 'f3310b9c-62e7-4b20-bc55-4d1bd378eb23', table: '8', active: true },
    { uuid: 'a8f9c5c9-2124-4093-a2b6-b8bb6ee66771', table: '9', active: true },
    { uuid: '83fe9a30-cc94-40fd-bbb3-94a1195e1ea8', table: '10', active: true },
    { uuid: DEMO_INACTIVE_QR, table: null, active: false },
  ],
  paymentChoices,
  itemsNotSold: ['fish-sayadiyah'],
  itemsSoldOut: ['lamb-chops', 'umm-ali'],
  servicesOff: [],
};

export const malqa: SeedBranch = {
  key: 'malqa',
  name: { ar: 'الملقا (مغلق للتجديد)', en: 'Al Malqa (closed for renovation)' },
  address: { ar: 'طريق أنس بن مالك، حي الملقا، الرياض 13521', en: 'Anas Ibn Malik Road, Al Malqa, Riyadh 13521' },
  phone: '+966112170344',
  lat: 24.806,
  lng: 46.615,
  timeZone: 'Asia/Riyadh',
  // No spans at all: the branch is closed every day until the renovation ends.
  openingHours: [],
  isMain: false,
  integrated: false,
  dineInRadiusMeters: 200,
  orderTypes: { dineIn: true, pickup: true, delivery: false },
  deliveryZones: [],
  tables: [
    { number: '1', status: 'free' },
    { number: '2', status: 'free' },
  ],
  qrCodes: [{ uuid: '5a2408a6-5144-4c9c-8eb0-c5f370e6704b', table: null, active: true }],
  paymentChoices,
  itemsNotSold: [],
  itemsSoldOut: [],
  servicesOff: [],
};

export const kingFahd: SeedBranch = {
  key: 'king-fahd-road',
  name: { ar: 'طريق الملك فهد', en: 'King Fahd Road' },
  address: { ar: 'طريق الملك فهد، حي الصحافة، الرياض 13315', en: 'King Fahd Road, Al Sahafa, Riyadh 13315' },
  phone: '+966114560778',
  lat: 24.7905,
  lng: 46.6335,
  timeZone: 'Asia/Riyadh',
  // Open around the clock: 00:00–24:00 (00:00–23:59 would close it for a minute every night).
  openingHours: everyDay('00:00', '24:00'),
  isMain: false,
  // Orders also go to the branch's Foodics POS.
  integrated: true,
  dineInRadiusMeters: 200,
  orderTypes: { dineIn: true, pickup: true, delivery: true },
  deliveryZones: [
    {
      name: { ar: 'الصحافة والعقيق', en: 'Al Sahafa & Al Aqiq' },
      feeHalalas: 1200,
      minimumOrderHalalas: 4000,
      geometry: {
        type: 'Polygon',
        coordinates: ring([
          [46.61, 24.77],
          [46.66, 24.77],
          [46.66, 24.815],
          [46.61, 24.815],
        ]),
      },
    },
  ],
  tables: [
    { number: '1', status: 'free' },
    { number: '2', status: 'free' },
    { number: '3', status: 'free' },
    { number: '4', status: 'occupied' },
    { number: '5', status: 'free' },
    { number: '6', status: 'free' },
  ],
  qrCodes: [
    { uuid: 'fe232cd9-8d37-485a-b5dd-748776d692ac', table: null, active: true },
    { uuid: '46a4ffa7-d446-4258-8ee7-397bdb649efb', table: '1', active: true },
    { uuid: 'e11b942f-4e0e-4e43-998c-02732946b3ed', table: '2', active: true },
    { uuid: '601a28f3-5878-4e5b-a33e-994bf732bf0b', table: '3', active: true },
    { uuid: '4d1a1843-289e-4a1f-aa18-28795dee95ba', table: '4', active: true },
    { uuid: '129b8baa-0c7f-440d-a66e-b642bca26ef6', table: '5', active: true },
    { uuid: 'e6f24000-0eae-4769-aded-34cf1bf1314b', table: '6', active: true },
  ],
  paymentChoices,
  itemsNotSold: ['saleeg', 'grape-leaves'],
  itemsSoldOut: ['grilled-hammour'],
  servicesOff: [],
};

const breakfastKeys = [
  'shakshuka',
  'foul-medammas',
  'balaleet',
  'masoub',
  'meat-mutabbaq',
  'cheese-manakish',
  'zaatar-manakish',
  'vegetable-omelette',
  'labneh-plate',
  'fried-liver',
];

export const yasmin: SeedBranch = {
  key: 'yasmin',
  name: { ar: 'الياسمين (استلام وتوصيل)', en: 'Al Yasmin (pickup & delivery)' },
  address: {
    ar: 'طريق الملك عبدالعزيز، حي الياسمين، الرياض 13325',
    en: 'King Abdulaziz Road, Al Yasmin, Riyadh 13325',
  },
  phone: '+966112034567',
  lat: 24.8231,
  lng: 46.6527,
  timeZone: 'Asia/Riyadh',
  // Opens at noon, later on Friday (day 5) after the Friday prayer.
  openingHours: [0, 1, 2, 3, 4, 6]
    .map((day) => ({ day, opens: '12:00', closes: '01:00' }))
    .concat([{ day: 5, opens: '13:30', closes: '02:00' }]),
  isMain: false,
  integrated: false,
  dineInRadiusMeters: 100,
  orderTypes: { dineIn: false, pickup: true, delivery: true },
  deliveryZones: [
    {
      name: { ar: 'الياسمين والنرجس', en: 'Al Yasmin & Al Narjis' },
      feeHalalas: 1000,
      minimumOrderHalalas: 3500,
      geometry: {
        type: 'Polygon',
        coordinates: ring([
          [46.625, 24.815],
          [46.68, 24.815],
          [46.68, 24.845],
          [46.652, 24.852],
          [46.625, 24.845],
        ]),
      },
    },
  ],
  tables: [],
  qrCodes: [{ uuid: '26729cbd-6aa9-4f81-b150-aa23ecbaf2f0', table: null, active: true }],
  paymentChoices,
  // A noon-to-late kitchen: no breakfast, so neither the breakfast dishes nor the breakfast combo.
  itemsNotSold: [...breakfastKeys, 'breakfast-for-one'],
  itemsSoldOut: ['kunafa'],
  servicesOff: [],
};
