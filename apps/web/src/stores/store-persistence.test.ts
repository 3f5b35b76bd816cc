import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import type { CartProduct } from '../lib/cart-lines';
import { memoryStorage } from '../lib/storage';
import { authReducer, login, logout } from './auth-slice';
import { addProduct, cartReducer } from './cart-slice';
import { enterEstablishment, establishmentReducer } from './establishment-slice';
import { layoutReducer, setMenuCollapsed } from './layout-slice';
import { cartKey, createPersistenceMiddleware, loadMenuCollapsed } from './store-persistence';

const line: CartProduct = {
  itemId: 1,
  slug: 'kabsa',
  name: 'Kabsa',
  image: null,
  unitPriceHalalas: 3500,
  taxRateBasisPoints: null,
  modifiers: [],
  productQuantity: 1,
};

function makeStore(storage = memoryStorage()) {
  const store = configureStore({
    reducer: combineReducers({
      auth: authReducer,
      establishment: establishmentReducer,
      layout: layoutReducer,
      cart: cartReducer,
    }),
    middleware: (d) =>
      d().concat(createPersistenceMiddleware({ storage, accessTokenKey: 'at', refreshTokenKey: 'rt' })),
  });
  return { store, storage };
}

describe('cart persistence per establishment', () => {
  it('saves the cart under the establishment it belongs to', () => {
    const { store, storage } = makeStore();
    store.dispatch(enterEstablishment('qr-a'));
    store.dispatch(addProduct(line));
    expect(JSON.parse(storage.getItem(cartKey('qr-a')) ?? '{}').products).toHaveLength(1);
  });

  it('loads each establishment its own cart when it is entered', () => {
    const { store } = makeStore();
    store.dispatch(enterEstablishment('qr-a'));
    store.dispatch(addProduct(line));
    store.dispatch(enterEstablishment('qr-b'));
    expect(store.getState().cart.products).toEqual([]);
    store.dispatch(enterEstablishment('qr-a'));
    expect(store.getState().cart.products).toHaveLength(1);
  });

  it('restores the cart after a reload', () => {
    const { store, storage } = makeStore();
    store.dispatch(enterEstablishment('qr-a'));
    store.dispatch(addProduct(line));
    const reloaded = makeStore(storage).store;
    reloaded.dispatch(enterEstablishment('qr-a'));
    expect(reloaded.getState().cart.products[0]?.itemId).toBe(1);
  });

  it('does not save a cart before an establishment is entered', () => {
    const { store, storage } = makeStore();
    store.dispatch(addProduct(line));
    expect(storage.dump()).toEqual({});
  });

  it('ignores a corrupt saved cart', () => {
    const storage = memoryStorage();
    storage.setItem(cartKey('qr-a'), '{"products": 3}');
    const { store } = makeStore(storage);
    store.dispatch(enterEstablishment('qr-a'));
    expect(store.getState().cart.products).toEqual([]);
  });
});

describe('other persisted state', () => {
  it('remembers menuCollapsed', () => {
    const { store, storage } = makeStore();
    store.dispatch(setMenuCollapsed(true));
    expect(loadMenuCollapsed(storage)).toBe(true);
  });

  it('keeps tokens under the configured keys and drops them on logout', () => {
    const { store, storage } = makeStore();
    const userData = {
      id: 1,
      brandId: 1,
      fullName: 'S',
      phone: '+966500000000',
      email: null,
      ageGroup: null,
      gender: null,
      city: null,
      memberSince: '2026-11-23T10:00:00.000Z',
      walletPoints: 0,
      lifetimePoints: 0,
    };
    store.dispatch(login({ userData, accessToken: 'A', refreshToken: 'R' }));
    expect(storage.getItem('at')).toBe('A');
    expect(storage.getItem('rt')).toBe('R');
    store.dispatch(logout());
    expect(storage.getItem('at')).toBeNull();
  });
});
