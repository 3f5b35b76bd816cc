import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionInfo } from '@sufra/shared/schemas/auth';
import type { Customer } from '@sufra/shared/schemas/customer';

/**
 * The spec's auth area (§3): user data and the two tokens. The real tokens are httpOnly cookies (DESIGN §6) that
 * the app's JavaScript never sees, so accessToken/refreshToken stay null unless a server hands them over; the
 * slice keeps the signed-in customer and when the cookie session expires. Their storage key names are
 * configurable (config/env.ts ACCESS_TOKEN_KEY / REFRESH_TOKEN_KEY).
 */
export type UserData = Customer;

/** unknown: not checked yet for this establishment (the header shows neither "sign in" nor a name). */
export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface AuthState {
  userData: UserData | null;
  accessToken: string | null;
  refreshToken: string | null;
  session: SessionInfo | null;
  status: AuthStatus;
}

export const initialAuthState: AuthState = {
  userData: null,
  accessToken: null,
  refreshToken: null,
  session: null,
  status: 'unknown',
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Spec §4: login stores user data and tokens. */
    login(
      state,
      action: PayloadAction<{
        userData: UserData;
        session?: SessionInfo | null;
        accessToken?: string | null;
        refreshToken?: string | null;
      }>,
    ) {
      state.userData = action.payload.userData;
      state.session = action.payload.session ?? state.session;
      state.accessToken = action.payload.accessToken ?? null;
      state.refreshToken = action.payload.refreshToken ?? null;
      state.status = 'signedIn';
    },
    updateUserData(state, action: PayloadAction<Partial<UserData>>) {
      if (state.userData) Object.assign(state.userData, action.payload);
    },
    setSession(state, action: PayloadAction<SessionInfo>) {
      state.session = action.payload;
    },
    /** Spec §4: logout clears user data (and the tokens); the app then knows the diner is signed out. */
    logout() {
      return { ...initialAuthState, status: 'signedOut' as const };
    },
  },
});

export const { login, updateUserData, setSession, logout } = authSlice.actions;
export const authReducer = authSlice.reducer;
