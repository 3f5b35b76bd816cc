import type { Middleware } from '@reduxjs/toolkit';
import { type KeyValueStorage, readJson } from '../lib/storage';
import { type CartState, initialCartState, replaceCart } from './cart-slice';
import type { RootState } from './root-state';

/**
 * What the app remembers across reloads, without redux-persist: the cart per establishment
 * (`sufra.cart.<uuid>`), layout.menuCollapsed, and the auth tokens under their configurable keys.
 */
export const cartKey = (uuid: string) => `sufra.cart.${uuid}`;
export const MENU_COLLAPSED_KEY = 'sufra.layout.menuCollapsed';

export interface PersistenceOptions {
  storage: KeyValueStorage;
  accessTokenKey: string;
  refreshTokenKey: string;
}

export function loadCart(storage: KeyValueStorage, uuid: string): CartState {
  const saved = readJson<Partial<CartState>>(storage, cartKey(uuid));
  if (!saved || typeof saved !== 'object' || !Array.isArray(saved.products) || !Array.isArray(saved.combos)) {
    return initialCartState;
  }
  return { ...initialCartState, ...saved };
}

export function loadMenuCollapsed(storage: KeyValueStorage): boolean {
  return storage.getItem(MENU_COLLAPSED_KEY) === 'true';
}

function uuidOf(action: { type: string; payload?: unknown }): string | null {
  if (action.type === 'establishment/enterEstablishment' && typeof action.payload === 'string') return action.payload;
  if (action.type === 'establishment/setEstablishment') {
    const uuid = (action.payload as { uuid?: unknown } | null)?.uuid;
    if (typeof uuid === 'string') return uuid;
  }
  return null;
}

export function createPersistenceMiddleware(options: PersistenceOptions): Middleware<object, RootState> {
  const { storage } = options;
  let currentUuid: string | null = null;

  return (api) => (next) => (action) => {
    const result = next(action);
    const { type, payload } = action as { type: string; payload?: unknown };

    const enteredUuid = uuidOf({ type, payload });
    if (enteredUuid && enteredUuid !== currentUuid) {
      currentUuid = enteredUuid;
      api.dispatch(replaceCart(loadCart(storage, enteredUuid)));
      return result;
    }

    if (type.startsWith('cart/') && currentUuid) {
      const cart = api.getState().cart;
      if (cart.products.length === 0 && cart.combos.length === 0 && cart === initialCartState) {
        storage.removeItem(cartKey(currentUuid));
      } else {
        storage.setItem(cartKey(currentUuid), JSON.stringify(cart));
      }
    } else if (type === 'layout/setMenuCollapsed') {
      storage.setItem(MENU_COLLAPSED_KEY, String(api.getState().layout.menuCollapsed));
    } else if (type === 'auth/login') {
      const { accessToken, refreshToken } = api.getState().auth;
      if (accessToken) storage.setItem(options.accessTokenKey, accessToken);
      if (refreshToken) storage.setItem(options.refreshTokenKey, refreshToken);
    } else if (type === 'auth/logout') {
      storage.removeItem(options.accessTokenKey);
      storage.removeItem(options.refreshTokenKey);
    }
    return result;
  };
}
