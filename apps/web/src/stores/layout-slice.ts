import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The spec's layout area (§3). menuCollapsed is persisted (see store-persistence.ts). */
export interface LayoutState {
  isRTL: boolean;
  menuCollapsed: boolean;
  menuHidden: boolean;
  contentWidth: 'full' | 'boxed';
}

export const initialLayoutState: LayoutState = {
  isRTL: true,
  menuCollapsed: false,
  menuHidden: false,
  contentWidth: 'boxed',
};

const layoutSlice = createSlice({
  name: 'layout',
  initialState: initialLayoutState,
  reducers: {
    setRtl(state, action: PayloadAction<boolean>) {
      state.isRTL = action.payload;
    },
    setMenuCollapsed(state, action: PayloadAction<boolean>) {
      state.menuCollapsed = action.payload;
    },
    setMenuHidden(state, action: PayloadAction<boolean>) {
      state.menuHidden = action.payload;
    },
    setContentWidth(state, action: PayloadAction<LayoutState['contentWidth']>) {
      state.contentWidth = action.payload;
    },
  },
});

export const { setRtl, setMenuCollapsed, setMenuHidden, setContentWidth } = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;
