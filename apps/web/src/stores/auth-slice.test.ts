import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, login, logout, setSession, updateUserData } from './auth-slice';

const user = {
  id: 1,
  brandId: 1,
  fullName: 'Sara',
  phone: '+966500000000',
  email: null,
  ageGroup: null,
  gender: null,
  city: null,
  memberSince: '2026-11-23T10:00:00.000Z',
  walletPoints: 0,
  lifetimePoints: 0,
};
const session = { accessExpiresAt: '2026-11-23T10:15:00.000Z', refreshExpiresAt: '2026-12-23T10:00:00.000Z' };

describe('auth', () => {
  it('starts unknown: nobody has checked the session yet', () => {
    expect(initialAuthState.status).toBe('unknown');
    expect(initialAuthState.userData).toBeNull();
  });

  it('stores user data, session expiry and tokens on login', () => {
    const state = authReducer(
      initialAuthState,
      login({ userData: user, session, accessToken: 'a', refreshToken: 'r' }),
    );
    expect(state).toEqual({ userData: user, session, accessToken: 'a', refreshToken: 'r', status: 'signedIn' });
  });

  it('stores null tokens when the server keeps them in cookies', () => {
    const state = authReducer(initialAuthState, login({ userData: user }));
    expect(state.accessToken).toBeNull();
    expect(state.refreshToken).toBeNull();
    expect(state.userData).toEqual(user);
    expect(state.status).toBe('signedIn');
  });

  it('keeps the known session expiry when a login (e.g. GET me) brings none', () => {
    const signedIn = authReducer(initialAuthState, login({ userData: user, session }));
    const again = authReducer(signedIn, login({ userData: { ...user, fullName: 'Sara A' } }));
    expect(again.session).toEqual(session);
    expect(again.userData?.fullName).toBe('Sara A');
  });

  it('updates part of the user data and the session expiry', () => {
    let state = authReducer(initialAuthState, login({ userData: user, session }));
    state = authReducer(state, updateUserData({ city: 'Riyadh' }));
    expect(state.userData?.city).toBe('Riyadh');
    const later = { ...session, accessExpiresAt: '2026-11-23T10:30:00.000Z' };
    expect(authReducer(state, setSession(later)).session).toEqual(later);
  });

  it('ignores a user data update while signed out', () => {
    expect(authReducer(initialAuthState, updateUserData({ city: 'Riyadh' })).userData).toBeNull();
  });

  it('clears user data, session and tokens on logout and marks the diner signed out', () => {
    const loggedIn = authReducer(
      initialAuthState,
      login({ userData: user, session, accessToken: 'a', refreshToken: 'r' }),
    );
    expect(authReducer(loggedIn, logout())).toEqual({ ...initialAuthState, status: 'signedOut' });
  });
});
