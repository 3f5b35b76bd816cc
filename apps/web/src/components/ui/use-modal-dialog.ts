import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown as a modal for as long as its component is mounted (the page behind it is inert, focus
 * stays inside, Escape is the dialog's cancel). `close` closes it before telling the parent, which then unmounts
 * it: while a modal dialog is open the page behind it cannot take focus back.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const close = () => {
    ref.current?.close();
    onClose();
  };
  return { ref, close };
}
