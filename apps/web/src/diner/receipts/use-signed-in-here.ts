import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../stores/root-state';

/** A signed-out diner goes to sign-in and comes back to `next` (the receipt's own link). */
export function useSignedInHere(uuid: string, next: string) {
  const status = useAppSelector((s) => s.auth.status);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (status === 'signedOut') navigate(paths.register.build(uuid, { mode: 'signin', next }), { replace: true });
  }, [status, uuid, next, navigate]);
  return status;
}
