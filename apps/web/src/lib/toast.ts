import { createElement } from 'react';
import type { Root } from 'react-dom/client';
import type { CloseButtonProps } from 'react-toastify';
import { i18n } from './i18n';

/**
 * Toasts (spec: top-right, auto-close 5000 ms). react-toastify (with its injected styles) is loaded on the
 * first toast, so the menu's initial JavaScript does not carry it. The container gets its own small root.
 */
export const TOAST_AUTO_CLOSE_MS = 5000;

type ToastKind = 'success' | 'error' | 'info';
let root: Root | undefined;
let loading: Promise<typeof import('react-toastify')> | undefined;

async function load() {
  const [toastify, { createRoot }] = await Promise.all([import('react-toastify'), import('react-dom/client')]);
  if (!root) {
    const host = document.createElement('div');
    host.id = 'toasts';
    document.body.append(host);
    root = createRoot(host);
  }
  return toastify;
}

/** A button in the toast (e.g. "Undo"): runs once and closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export async function showToast(message: string, kind: ToastKind = 'success', action?: ToastAction): Promise<void> {
  loading ??= load();
  const { toast, ToastContainer } = await loading;
  // Re-render so the container follows the current direction (text mirrors; the corner stays top-right).
  root?.render(
    createElement(ToastContainer, {
      position: 'top-right',
      autoClose: TOAST_AUTO_CLOSE_MS,
      rtl: document.documentElement.dir === 'rtl',
      newestOnTop: true,
      closeOnClick: true,
      theme: 'light',
      // react-toastify's own button is a 14 × 24 px cross named "close" in English whatever the language.
      closeButton: ({ closeToast }: CloseButtonProps) =>
        createElement(
          'button',
          {
            type: 'button',
            className: 'btn btn-icon toast-close',
            'aria-label': i18n.t('app.close'),
            onClick: (event: { stopPropagation: () => void }) => {
              event.stopPropagation();
              closeToast(true);
            },
          },
          createElement(
            'svg',
            { viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': true },
            createElement('path', {
              d: 'M6 6l12 12M18 6L6 18',
              stroke: 'currentColor',
              strokeWidth: 2,
              strokeLinecap: 'round',
            }),
          ),
        ),
    }),
  );
  // Let the container mount before the first toast is queued.
  await new Promise((resolve) => requestAnimationFrame(resolve));
  if (!action) {
    toast[kind](message);
    return;
  }
  toast[kind](({ closeToast }) =>
    createElement(
      'span',
      { className: 'toast-action' },
      createElement('span', null, message),
      createElement(
        'button',
        {
          type: 'button',
          className: 'btn btn-small btn-secondary',
          onClick: (event: { stopPropagation: () => void }) => {
            // The toast closes on click too; the action must run once, before it goes.
            event.stopPropagation();
            action.onClick();
            closeToast();
          },
        },
        action.label,
      ),
    ),
  );
}
