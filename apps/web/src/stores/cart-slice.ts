import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderType } from '@sufra/shared/order-types';
import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { Coupon } from '@sufra/shared/schemas/coupons';

/** The spec's cart (§3) and its actions (§4). Money in halalas. Lines are snapshots taken when added. */
export const MAX_QUANTITY = 99;

export interface CartModifierChoice {
  groupId: number;
  optionId: number;
  name: string;
  priceHalalas: number;
}

export interface CartProduct {
  itemId: number;
  slug: string;
  name: string;
  image: string | null;
  /** Base price of one unit, without options. */
  unitPriceHalalas: number;
  taxRateBasisPoints: number | null;
  modifiers: CartModifierChoice[];
  productQuantity: number;
}

export interface CartComboSlotChoice {
  slotId: number;
  slotName: string;
  itemId: number;
  name: string;
  image: string | null;
  extraPriceHalalas: number;
}

export interface CartCombo {
  comboId: number;
  slug: string;
  name: string;
  image: string | null;
  unitPriceHalalas: number;
  taxRateBasisPoints: number | null;
  slots: CartComboSlotChoice[];
  modifiers: CartModifierChoice[];
  comboQuantity: number;
}

export interface CartBranch {
  id: number;
  name: LocalizedText;
}

export interface CartDeliveryZone {
  id: number;
  name: LocalizedText;
  feeHalalas: number;
  minimumOrderHalalas: number;
}

export interface CartCoupon {
  code: string;
  discountHalalas?: number;
  /** The coupon as the server's check answered it (issue 16): the cart prices it and re-checks it as it changes. */
  coupon?: Coupon;
}

export interface CartState {
  products: CartProduct[];
  combos: CartCombo[];
  orderType: OrderType | null;
  coordinates: { lat: number; lng: number } | null;
  /** Dine-in from a counter QR at a branch with tables: the number on the diner's table, as typed. */
  tableNumber: string | null;
  branch: CartBranch | null;
  fullAddress: string | null;
  /** Delivery: the id of the saved address chosen (the order API takes the id; fullAddress is its text). */
  addressId: number | null;
  /** The diner's notes for the order (order data page), at most 500 characters. */
  notes: string;
  /** When the diner wants the order, an ISO instant; null = as soon as possible. */
  receiveAt: string | null;
  subtotal: number;
  chargeAmount: number;
  chargesTaxes: number;
  taxesPrice: number;
  foodicsTaxes: number;
  foodicsCharges: number;
  foodicsTotal: number;
  branchTaxes: number;
  modifiersTaxes: number;
  integrated: boolean;
  deliveryBranches: CartBranch[];
  pickupBranches: CartBranch[];
  deliveryZone: CartDeliveryZone | null;
  coupon: CartCoupon | null;
  totalDiscount: number;
  paymentData: Record<string, unknown> | null;
}

export const initialCartState: CartState = {
  products: [],
  combos: [],
  orderType: null,
  coordinates: null,
  tableNumber: null,
  branch: null,
  fullAddress: null,
  addressId: null,
  notes: '',
  receiveAt: null,
  subtotal: 0,
  chargeAmount: 0,
  chargesTaxes: 0,
  taxesPrice: 0,
  foodicsTaxes: 0,
  foodicsCharges: 0,
  foodicsTotal: 0,
  branchTaxes: 0,
  modifiersTaxes: 0,
  integrated: false,
  deliveryBranches: [],
  pickupBranches: [],
  deliveryZone: null,
  coupon: null,
  totalDiscount: 0,
  paymentData: null,
};

function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(MAX_QUANTITY, Math.max(1, Math.floor(quantity)));
}

function modifiersKey(modifiers: CartModifierChoice[]): string {
  return modifiers
    .map((m) => m.optionId)
    .sort((a, b) => a - b)
    .join(',');
}

export function productLineKey(line: Pick<CartProduct, 'itemId' | 'modifiers'>): string {
  return `${line.itemId}|${modifiersKey(line.modifiers)}`;
}

export function comboLineKey(line: Pick<CartCombo, 'comboId' | 'slots' | 'modifiers'>): string {
  const slots = line.slots
    .map((s) => `${s.slotId}:${s.itemId}`)
    .sort()
    .join(',');
  return `${line.comboId}|${slots}|${modifiersKey(line.modifiers)}`;
}

export function productUnitTotal(line: Pick<CartProduct, 'unitPriceHalalas' | 'modifiers'>): number {
  return line.unitPriceHalalas + line.modifiers.reduce((sum, m) => sum + m.priceHalalas, 0);
}

export function comboUnitTotal(line: Pick<CartCombo, 'unitPriceHalalas' | 'modifiers' | 'slots'>): number {
  return (
    line.unitPriceHalalas +
    line.modifiers.reduce((sum, m) => sum + m.priceHalalas, 0) +
    line.slots.reduce((sum, s) => sum + s.extraPriceHalalas, 0)
  );
}

/** Sum of the lines as shown on the menu (before charges, taxes added on top and discounts). */
export function linesSubtotal(state: Pick<CartState, 'products' | 'combos'>): number {
  return (
    state.products.reduce((sum, p) => sum + productUnitTotal(p) * p.productQuantity, 0) +
    state.combos.reduce((sum, c) => sum + comboUnitTotal(c) * c.comboQuantity, 0)
  );
}

export function cartItemCount(state: Pick<CartState, 'products' | 'combos'>): number {
  return (
    state.products.reduce((sum, p) => sum + p.productQuantity, 0) +
    state.combos.reduce((sum, c) => sum + c.comboQuantity, 0)
  );
}

function recompute(state: CartState) {
  state.subtotal = linesSubtotal(state);
}

const cartSlice = createSlice({
  name: 'cart',
  initialState: initialCartState,
  reducers: {
    addProduct(state, action: PayloadAction<CartProduct>) {
      const line = action.payload;
      const key = productLineKey(line);
      const existing = state.products.find((p) => productLineKey(p) === key);
      if (existing) existing.productQuantity = clampQuantity(existing.productQuantity + line.productQuantity);
      else state.products.push({ ...line, productQuantity: clampQuantity(line.productQuantity) });
      recompute(state);
    },
    removeProduct(state, action: PayloadAction<number>) {
      state.products.splice(action.payload, 1);
      recompute(state);
    },
    changeProductQuantity(state, action: PayloadAction<{ index: number; quantity: number }>) {
      const { index, quantity } = action.payload;
      const line = state.products[index];
      if (!line) return;
      if (quantity <= 0) state.products.splice(index, 1);
      else line.productQuantity = clampQuantity(quantity);
      recompute(state);
    },
    /** Undo of a removal: the line goes back where it was (or merges with an identical line added since). */
    restoreProduct(state, action: PayloadAction<{ index: number; line: CartProduct }>) {
      const { index, line } = action.payload;
      const existing = state.products.find((p) => productLineKey(p) === productLineKey(line));
      if (existing) existing.productQuantity = clampQuantity(existing.productQuantity + line.productQuantity);
      else state.products.splice(Math.min(Math.max(0, index), state.products.length), 0, line);
      recompute(state);
    },
    addCombo(state, action: PayloadAction<CartCombo>) {
      const line = action.payload;
      const key = comboLineKey(line);
      const existing = state.combos.find((c) => comboLineKey(c) === key);
      if (existing) existing.comboQuantity = clampQuantity(existing.comboQuantity + line.comboQuantity);
      else state.combos.push({ ...line, comboQuantity: clampQuantity(line.comboQuantity) });
      recompute(state);
    },
    removeCombo(state, action: PayloadAction<number>) {
      state.combos.splice(action.payload, 1);
      recompute(state);
    },
    changeComboQuantity(state, action: PayloadAction<{ index: number; quantity: number }>) {
      const { index, quantity } = action.payload;
      const line = state.combos[index];
      if (!line) return;
      if (quantity <= 0) state.combos.splice(index, 1);
      else line.comboQuantity = clampQuantity(quantity);
      recompute(state);
    },
    restoreCombo(state, action: PayloadAction<{ index: number; line: CartCombo }>) {
      const { index, line } = action.payload;
      const existing = state.combos.find((c) => comboLineKey(c) === comboLineKey(line));
      if (existing) existing.comboQuantity = clampQuantity(existing.comboQuantity + line.comboQuantity);
      else state.combos.splice(Math.min(Math.max(0, index), state.combos.length), 0, line);
      recompute(state);
    },
    /**
     * New prices for the lines, from the current menu (the cart page). A priced line replaces the line with the same
     * key at the same place and keeps that line's quantity; lines that moved or went in between are left alone.
     */
    repriceLines(state, action: PayloadAction<Pick<CartState, 'products' | 'combos'>>) {
      action.payload.products.forEach((priced, index) => {
        const line = state.products[index];
        if (line && productLineKey(line) === productLineKey(priced)) {
          state.products[index] = { ...priced, productQuantity: line.productQuantity };
        }
      });
      action.payload.combos.forEach((priced, index) => {
        const line = state.combos[index];
        if (line && comboLineKey(line) === comboLineKey(priced)) {
          state.combos[index] = { ...priced, comboQuantity: line.comboQuantity };
        }
      });
      recompute(state);
    },
    setCoupon(state, action: PayloadAction<CartCoupon | null>) {
      state.coupon = action.payload;
    },
    setOrderType(state, action: PayloadAction<OrderType | null>) {
      state.orderType = action.payload;
    },
    setCoordinates(state, action: PayloadAction<{ lat: number; lng: number } | null>) {
      state.coordinates = action.payload;
    },
    setTableNumber(state, action: PayloadAction<string | null>) {
      state.tableNumber = action.payload;
    },
    setDeliveryZone(state, action: PayloadAction<CartDeliveryZone | null>) {
      state.deliveryZone = action.payload;
    },
    setAddress(state, action: PayloadAction<string | null>) {
      state.fullAddress = action.payload;
    },
    setAddressId(state, action: PayloadAction<number | null>) {
      state.addressId = action.payload;
    },
    setNotes(state, action: PayloadAction<string>) {
      state.notes = action.payload;
    },
    setReceiveAt(state, action: PayloadAction<string | null>) {
      state.receiveAt = action.payload;
    },
    setBranch(state, action: PayloadAction<CartBranch | null>) {
      state.branch = action.payload;
    },
    setPaymentData(state, action: PayloadAction<Record<string, unknown> | null>) {
      state.paymentData = action.payload;
    },
    setTotals(
      state,
      action: PayloadAction<Partial<Pick<CartState, 'subtotal' | 'totalDiscount' | 'foodicsTotal' | 'integrated'>>>,
    ) {
      Object.assign(state, action.payload);
    },
    setTaxes(
      state,
      action: PayloadAction<Partial<Pick<CartState, 'taxesPrice' | 'branchTaxes' | 'modifiersTaxes' | 'foodicsTaxes'>>>,
    ) {
      Object.assign(state, action.payload);
    },
    setCharges(
      state,
      action: PayloadAction<Partial<Pick<CartState, 'chargeAmount' | 'chargesTaxes' | 'foodicsCharges'>>>,
    ) {
      Object.assign(state, action.payload);
    },
    setDeliveryBranches(state, action: PayloadAction<CartBranch[]>) {
      state.deliveryBranches = action.payload;
    },
    setPickupBranches(state, action: PayloadAction<CartBranch[]>) {
      state.pickupBranches = action.payload;
    },
    replaceCart(_state, action: PayloadAction<CartState>) {
      return { ...initialCartState, ...action.payload };
    },
    resetCart() {
      return initialCartState;
    },
  },
});

export const {
  addProduct,
  removeProduct,
  changeProductQuantity,
  restoreProduct,
  addCombo,
  removeCombo,
  changeComboQuantity,
  restoreCombo,
  repriceLines,
  setCoupon,
  setOrderType,
  setCoordinates,
  setTableNumber,
  setDeliveryZone,
  setAddress,
  setAddressId,
  setNotes,
  setReceiveAt,
  setBranch,
  setPaymentData,
  setTotals,
  setTaxes,
  setCharges,
  setDeliveryBranches,
  setPickupBranches,
  replaceCart,
  resetCart,
} = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
