import type { GameKind } from '@sufra/shared/engagement/wheel';
import type { GameResponse, SpinResponse } from '@sufra/shared/schemas/games';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, clientError } from '../../../lib/api-client';
import { setQueryData } from '../../../lib/query-writes';
import { type QueryKey, useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useAppSelector } from '../../../stores/root-state';
import { useDinerKey } from '../../../stores/use-diner-key';
import { getGame, spinWheel } from '../api/games';

/**
 * The game for a signed-in diner: a switched-off game goes to the deactivated page, a signed-out diner to
 * registration (register-and-win) or sign-in (the wheel), coming back here.
 */
export function useGame(uuid: string, kind: GameKind) {
  const language = useLanguage();
  const [, navigate] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const here = kind === 'wheel' ? paths.wheel.build(uuid) : paths.registerAndWin.build(uuid);
  const diner = useDinerKey(uuid);
  const key: QueryKey | null = status === 'signedIn' && diner ? [...diner, 'game', kind, language] : null;
  const query = useApiQuery(key, () => getGame(uuid, kind, language), { staleMs: 0 });
  const game = query.data ?? null;
  const loadError = query.loading ? null : (query.error ?? null);
  // One identity for the spin's callbacks; the key of this render.
  const keyRef = useRef(key);
  keyRef.current = key;
  const setGame = useCallback((next: GameResponse) => {
    if (keyRef.current) setQueryData(keyRef.current, next);
  }, []);

  // The game switched off (the QR's data says so): the deactivated page, before any sign-in is asked for.
  const qr = useAppSelector((s) => s.establishment.establishment);
  const known = qr?.uuid === uuid;
  const switchedOff = known && qr.services[kind] === false;
  useEffect(() => {
    if (switchedOff) navigate(paths.deactivated.build(uuid, kind), { replace: true });
  }, [switchedOff, navigate, uuid, kind]);

  useEffect(() => {
    if (status !== 'signedOut' || !known || switchedOff) return;
    navigate(paths.register.build(uuid, { ...(kind === 'wheel' ? { mode: 'signin' as const } : {}), next: here }), {
      replace: true,
    });
  }, [status, known, switchedOff, uuid, kind, here, navigate]);

  const load = query.refetch;
  useEffect(() => {
    if (loadError instanceof ApiError && loadError.code === 'service_deactivated') {
      navigate(paths.deactivated.build(uuid, kind), { replace: true });
    }
  }, [loadError, navigate, uuid, kind]);

  return { status, game, setGame, loadError, load };
}

/** One spin: the server draws, the wheel turns to its answer, and only then is the result shown. */
export function useSpin(uuid: string, kind: GameKind, setGame: (game: GameResponse) => void) {
  const language = useLanguage();
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SpinResponse | null>(null);
  const [shown, setShown] = useState(false);
  const [spinError, setSpinError] = useState<ApiError | null>(null);

  const spin = async () => {
    setSpinning(true);
    setSpinError(null);
    setShown(false);
    try {
      setResult(await spinWheel(uuid, kind, language));
    } catch (error) {
      setSpinning(false);
      if (error instanceof ApiError) setSpinError(error);
      else setSpinError(clientError('unknown', language));
    }
  };
  const landed = useCallback(() => {
    setShown(true);
    setSpinning(false);
    // The draw took stock: the odds table asks again for what is left (after the turn, so it does not tell the result
    // before the wheel does). A failed reload keeps the table as it was; the result stands either way.
    getGame(uuid, kind, language).then(setGame, () => undefined);
  }, [uuid, kind, language, setGame]);

  return { spinning, result, shown, spinError, spin, landed };
}
