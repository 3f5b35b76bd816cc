import { describe, expect, it } from 'vitest';
import { authReducer, initialAuthState, login, logout } from './auth-slice';

const user = { id: 1, fullName: 'Sara', phone: '+966500000000' };

describe('auth', () => {
  it('stores user data and tokens on login', () => {
    const state = authReducer(initialAuthState, login({ userData: user, accessToken: 'a', refreshToken: 'r' }));
    expect(state).toEqual({ userData: user, accessToken: 'a', refreshToken: 'r' });
  });

  it('stores null tokens when the server keeps them in cookies', () => {
    const state = authReducer(initialAuthState, login({ userData: user }));
    expect(state.accessToken).toBeNull();
    expect(state.userData).toEqual(user);
  });

  it('clears user data and tokens on logout', () => {
    const loggedIn = authReducer(initialAuthState, login({ userData: user, accessToken: 'a', refreshToken: 'r' }));
    expect(authReducer(loggedIn, logout())).toEqual(initialAuthState);
  });
});
