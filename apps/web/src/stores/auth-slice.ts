import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The spec's auth area (§3): user data and the two tokens. The server keeps the real tokens in httpOnly
 * cookies (DESIGN §6); these fields hold what a login response hands the client, in memory only.
 * Their storage key names are configurable (config/env.ts ACCESS_TOKEN_KEY / REFRESH_TOKEN_KEY).
 */
export interface UserData {
  id: number;
  fullName: string;
  phone: string;
  email?: string | null;
  [key: string]: unknown;
}

export interface AuthState {
  userData: UserData | null;
  accessToken: string | null;
  refreshToken: string | null;
}

export const initialAuthState: AuthState = { userData: null, accessToken: null, refreshToken: null };

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    login(
      state,
      action: PayloadAction<{ userData: UserData; accessToken?: string | null; refreshToken?: string | null }>,
    ) {
      state.userData = action.payload.userData;
      state.accessToken = action.payload.accessToken ?? null;
      state.refreshToken = action.payload.refreshToken ?? null;
    },
    updateUserData(state, action: PayloadAction<Partial<UserData>>) {
      if (state.userData) Object.assign(state.userData, action.payload);
    },
    logout() {
      return initialAuthState;
    },
  },
});

export const { login, updateUserData, logout } = authSlice.actions;
export const authReducer = authSlice.reducer;
