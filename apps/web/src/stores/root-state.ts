import type { AuthState } from './auth-slice';
import type { CartState } from './cart-slice';
import type { EstablishmentState } from './establishment-slice';
import type { LayoutState } from './layout-slice';

/**
 * The store's shape, declared in the shared layer so features can read it without importing `app/`
 * (imports flow shared → features → app). app/store.ts checks that its reducers produce exactly this.
 */
export interface RootState {
  auth: AuthState;
  establishment: EstablishmentState;
  layout: LayoutState;
  cart: CartState;
}

export { useAppDispatch, useAppSelector, useAppStore } from './store-context';
