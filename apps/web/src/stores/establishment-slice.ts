import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PaymentChoice, QrData } from '@sufra/shared/schemas/establishment';

/** The spec's establishment ("navbar") area (§3). Fields whose contents later issues define stay loosely typed. */
export interface Bookmark {
  id: number;
  isBookmarked: boolean;
}

export interface EstablishmentState {
  /** The QR's data: brand, branch, table, services. Null until the establishment is entered. */
  establishment: QrData | null;
  subscriptions: unknown[];
  suggestions: unknown[];
  bookmarks: Bookmark[];
  searchQuery: string;
  paymentChoices: PaymentChoice[];
  utm_source: string | null;
  punchCards: unknown[];
  /** The logged-in customer as the navbar shows it. */
  login: Record<string, unknown> | null;
  loginLoading: boolean;
  notifications: unknown[];
}

export const initialEstablishmentState: EstablishmentState = {
  establishment: null,
  subscriptions: [],
  suggestions: [],
  bookmarks: [],
  searchQuery: '',
  paymentChoices: [],
  utm_source: null,
  punchCards: [],
  login: null,
  loginLoading: false,
  notifications: [],
};

const establishmentSlice = createSlice({
  name: 'establishment',
  initialState: initialEstablishmentState,
  reducers: {
    /** The diner opened a page of establishment `uuid` (its data may not have arrived yet). The cart persistence listens to this. */
    enterEstablishment(state, action: PayloadAction<string>) {
      if (state.establishment && state.establishment.uuid !== action.payload) {
        state.establishment = null;
        state.searchQuery = '';
        state.paymentChoices = [];
      }
    },
    /** Entering an establishment (the QR's data arrived). The cart persistence listens to this. */
    setEstablishment(state, action: PayloadAction<QrData | null>) {
      const changed = state.establishment?.uuid !== action.payload?.uuid;
      state.establishment = action.payload;
      if (changed) state.searchQuery = '';
    },
    setSubscriptions(state, action: PayloadAction<unknown[]>) {
      state.subscriptions = action.payload;
    },
    setSuggestions(state, action: PayloadAction<unknown[]>) {
      state.suggestions = action.payload;
    },
    setBookmarks(state, action: PayloadAction<Bookmark[]>) {
      state.bookmarks = action.payload;
    },
    /** Flips the item's isBookmarked flag and adds it to, or removes it from, the list (spec §4). */
    toggleBookmark(state, action: PayloadAction<{ id: number }>) {
      const index = state.bookmarks.findIndex((b) => b.id === action.payload.id);
      if (index === -1) state.bookmarks.push({ id: action.payload.id, isBookmarked: true });
      else state.bookmarks.splice(index, 1);
    },
    setSearchQuery(state, action: PayloadAction<string>) {
      state.searchQuery = action.payload;
    },
    setPaymentChoices(state, action: PayloadAction<PaymentChoice[]>) {
      state.paymentChoices = action.payload;
    },
    setUtmSource(state, action: PayloadAction<string | null>) {
      state.utm_source = action.payload;
    },
    setPunchCards(state, action: PayloadAction<unknown[]>) {
      state.punchCards = action.payload;
    },
    setLogin(state, action: PayloadAction<Record<string, unknown> | null>) {
      state.login = action.payload;
    },
    setLoginLoading(state, action: PayloadAction<boolean>) {
      state.loginLoading = action.payload;
    },
    setNotifications(state, action: PayloadAction<unknown[]>) {
      state.notifications = action.payload;
    },
  },
});

export const {
  enterEstablishment,
  setEstablishment,
  setSubscriptions,
  setSuggestions,
  setBookmarks,
  toggleBookmark,
  setSearchQuery,
  setPaymentChoices,
  setUtmSource,
  setPunchCards,
  setLogin,
  setLoginLoading,
  setNotifications,
} = establishmentSlice.actions;
export const establishmentReducer = establishmentSlice.reducer;
