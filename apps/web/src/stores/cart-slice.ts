import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderType } from '@sufra/shared/order-types';
import type { LocalizedText } from '@sufra/shared/schemas/common';
import { type CartCombo, type CartProduct, comboLineKey, MAX_QUANTITY, productLineKey } from '../lib/cart-lines';
import type { CartReward } from '../lib/cart-reward';
import type { CartCoupon } from '../lib/coupons';

export type { CartCoupon, CartReward };

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

/**
 * The spec's cart (§3) and its actions (§4): the lines and the diner's choices only. Its totals (subtotal, taxes,
 * charges, Foodics figures) are not stored: they follow from the lines, so they are derived where they are read
 * (cart-selectors.ts, and the pages' pricing over the checked lines), and no effect has to write them back.
 */
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
  deliveryBranches: CartBranch[];
  pickupBranches: CartBranch[];
  deliveryZone: CartDeliveryZone | null;
  coupon: CartCoupon | null;
  reward: CartReward | null;
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
  deliveryBranches: [],
  pickupBranches: [],
  deliveryZone: null,
  coupon: null,
  reward: null,
  paymentData: null,
};

function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(MAX_QUANTITY, Math.max(1, Math.floor(quantity)));
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
    },
    removeProduct(state, action: PayloadAction<number>) {
      state.products.splice(action.payload, 1);
    },
    changeProductQuantity(state, action: PayloadAction<{ index: number; quantity: number }>) {
      const { index, quantity } = action.payload;
      const line = state.products[index];
      if (!line) return;
      if (quantity <= 0) state.products.splice(index, 1);
      else line.productQuantity = clampQuantity(quantity);
    },
    /** Undo of a removal: the line goes back where it was (or merges with an identical line added since). */
    restoreProduct(state, action: PayloadAction<{ index: number; line: CartProduct }>) {
      const { index, line } = action.payload;
      const existing = state.products.find((p) => productLineKey(p) === productLineKey(line));
      if (existing) existing.productQuantity = clampQuantity(existing.productQuantity + line.productQuantity);
      else state.products.splice(Math.min(Math.max(0, index), state.products.length), 0, line);
    },
    addCombo(state, action: PayloadAction<CartCombo>) {
      const line = action.payload;
      const key = comboLineKey(line);
      const existing = state.combos.find((c) => comboLineKey(c) === key);
      if (existing) existing.comboQuantity = clampQuantity(existing.comboQuantity + line.comboQuantity);
      else state.combos.push({ ...line, comboQuantity: clampQuantity(line.comboQuantity) });
    },
    removeCombo(state, action: PayloadAction<number>) {
      state.combos.splice(action.payload, 1);
    },
    changeComboQuantity(state, action: PayloadAction<{ index: number; quantity: number }>) {
      const { index, quantity } = action.payload;
      const line = state.combos[index];
      if (!line) return;
      if (quantity <= 0) state.combos.splice(index, 1);
      else line.comboQuantity = clampQuantity(quantity);
    },
    restoreCombo(state, action: PayloadAction<{ index: number; line: CartCombo }>) {
      const { index, line } = action.payload;
      const existing = state.combos.find((c) => comboLineKey(c) === comboLineKey(line));
      if (existing) existing.comboQuantity = clampQuantity(existing.comboQuantity + line.comboQuantity);
      else state.combos.splice(Math.min(Math.max(0, index), state.combos.length), 0, line);
    },
    /**
     * "Order again": a past order's lines back in the cart. A line the cart already has (the same item and choices,
     * often the very order's own lines, kept after a failed card payment) takes the order's quantity; it is replaced,
     * never added to, so ordering again can never make a second copy. Other lines in the cart stay as they are.
     */
    putOrderBack(state, action: PayloadAction<Pick<CartState, 'products' | 'combos'>>) {
      for (const line of action.payload.products) {
        const existing = state.products.find((p) => productLineKey(p) === productLineKey(line));
        if (existing) existing.productQuantity = clampQuantity(line.productQuantity);
        else state.products.push({ ...line, productQuantity: clampQuantity(line.productQuantity) });
      }
      for (const line of action.payload.combos) {
        const existing = state.combos.find((c) => comboLineKey(c) === comboLineKey(line));
        if (existing) existing.comboQuantity = clampQuantity(line.comboQuantity);
        else state.combos.push({ ...line, comboQuantity: clampQuantity(line.comboQuantity) });
      }
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
    },
    setCoupon(state, action: PayloadAction<CartCoupon | null>) {
      state.coupon = action.payload;
      // One offer an order (docs/adr/0120): a coupon replaces a reward's discount (a free item stays).
      if (action.payload && state.reward?.discount) state.reward = null;
    },
    setReward(state, action: PayloadAction<CartReward | null>) {
      state.reward = action.payload;
      // ...and a reward's discount replaces the coupon.
      if (action.payload?.discount) state.coupon = null;
    },
    setRewardChoices(state, action: PayloadAction<number[]>) {
      if (state.reward) state.reward.modifiers = action.payload;
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
    setDeliveryBranches(state, action: PayloadAction<CartBranch[]>) {
      state.deliveryBranches = action.payload;
    },
    setPickupBranches(state, action: PayloadAction<CartBranch[]>) {
      state.pickupBranches = action.payload;
    },
    /** A saved cart: its fields over the defaults. Fields the slice no longer has (the totals an older version
     * stored) are left behind, so they cannot linger in the state or in storage. */
    replaceCart(_state, action: PayloadAction<CartState>) {
      const cart = { ...initialCartState };
      for (const key of Object.keys(initialCartState) as (keyof CartState)[]) {
        const value = action.payload[key];
        if (value !== undefined) Object.assign(cart, { [key]: value });
      }
      return cart;
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
  setReward,
  setRewardChoices,
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
  setDeliveryBranches,
  setPickupBranches,
  replaceCart,
  putOrderBack,
  resetCart,
} = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
