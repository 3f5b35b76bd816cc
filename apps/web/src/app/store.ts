import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { env } from '../config/env';
import { type KeyValueStorage, local } from '../lib/storage';
import { authReducer } from '../stores/auth-slice';
import { cartReducer } from '../stores/cart-slice';
import { establishmentReducer } from '../stores/establishment-slice';
import { initialLayoutState, layoutReducer } from '../stores/layout-slice';
import type { RootState } from '../stores/root-state';
import { createPersistenceMiddleware, loadMenuCollapsed } from '../stores/store-persistence';

/** The spec's four client-state areas (§3): auth, establishment (navbar), layout, cart. */
const rootReducer = combineReducers({
  auth: authReducer,
  establishment: establishmentReducer,
  layout: layoutReducer,
  cart: cartReducer,
});

export function createAppStore(storage: KeyValueStorage = local, isRTL = true) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: {
      layout: { ...initialLayoutState, isRTL, menuCollapsed: loadMenuCollapsed(storage) },
    } as Partial<RootState> as RootState,
    middleware: (getDefault) =>
      getDefault().concat(
        createPersistenceMiddleware({
          storage,
          accessTokenKey: env.ACCESS_TOKEN_KEY,
          refreshTokenKey: env.REFRESH_TOKEN_KEY,
        }),
      ),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
// Compile-time check that the shared RootState declaration matches the reducers.
const _shape: (s: ReturnType<AppStore['getState']>) => RootState = (s) => s;
void _shape;
