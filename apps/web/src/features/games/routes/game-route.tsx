import type { GameKind } from '@sufra/shared/engagement/wheel';
import type { GameResponse, SpinResponse } from '@sufra/shared/schemas/games';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { ApiError, clientError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { getGame, spinWheel } from '../api/games';
import { PrizeWheel } from '../components/prize-wheel';
import { RetryText } from '../components/retry-text';
import '../../../components/ui/form.css';
import '../games.css';

/** Refusals that mean "this page's one spin is not for you": register-and-win says "You are already registered". */
const ALREADY_REGISTERED = new Set(['wheel_not_new', 'wheel_new_only']);

/**
 * `/wheel/{uuid}` and `/register-and-win/{uuid}` (issue 17). Signed in first: register-and-win through the
 * registration form (the accounts flow with its phone code), the wheel through sign-in; both come back here. The
 * server draws; the wheel turns to its answer; the result is announced in words, with the way to My Rewards.
 */
export default function GameRoute({ kind }: { kind: GameKind }) {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const here = kind === 'wheel' ? paths.wheel.build(uuid) : paths.registerAndWin.build(uuid);
  const [game, setGame] = useState<GameResponse | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SpinResponse | null>(null);
  const [shown, setShown] = useState(false);
  const [spinError, setSpinError] = useState<ApiError | null>(null);

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

  const load = useCallback(() => {
    setLoadError(null);
    getGame(uuid, kind, language).then(setGame, setLoadError);
  }, [uuid, kind, language]);
  useEffect(() => {
    if (status === 'signedIn') load();
  }, [status, load]);
  useEffect(() => {
    if (loadError instanceof ApiError && loadError.code === 'service_deactivated') {
      navigate(paths.deactivated.build(uuid, kind), { replace: true });
    }
  }, [loadError, navigate, uuid, kind]);

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
  }, [uuid, kind, language]);

  if (status !== 'signedIn') return null;
  const title = game ? game.game.name[language] : t('games.title');
  const refusal = game?.me?.refusal ?? null;
  // Only before this page's own spin: the game reloaded after it (for the stock left) says "not new" of this diner.
  const alreadyRegistered =
    kind === 'register_and_win' && result === null && refusal !== null && ALREADY_REGISTERED.has(refusal.code);
  const canSpin = game?.me?.canSpin === true && result === null;
  const won = result !== null && result.prize !== 'none';

  return (
    <div className="page game-page" data-testid="game-page">
      <title>{`${title} | ${t('app.name')}`}</title>
      <h1>{title}</h1>
      {loadError !== null && !(loadError instanceof ApiError && loadError.code === 'service_deactivated') && (
        <LoadError error={loadError} onRetry={load} />
      )}
      {!game && loadError === null && <LoadingBlock />}
      {game && alreadyRegistered && refusal && (
        <section className="state-box" data-testid="already-registered">
          <p className="state-box__title">{t('games.alreadyRegistered')}</p>
          <p>{refusal.message}</p>
          <div className="game-page__ways">
            <Link to={paths.menu.build(uuid)} className="btn btn-primary">
              {t('games.toMenu')}
            </Link>
            <Link to={paths.myRewards.build(uuid)} className="btn btn-secondary">
              {t('games.toRewards')}
            </Link>
          </div>
        </section>
      )}
      {game && !alreadyRegistered && (
        <>
          <PrizeWheel
            slices={game.segments.map((s) => ({ id: s.id, label: s.label[language], color: s.color }))}
            landOn={result?.segmentId ?? null}
            onLanded={landed}
          />
          {refusal && result === null && (
            <div className="notice notice--info" role="status" data-testid="spin-refusal">
              <span>{refusal.message}</span>
              <RetryText details={refusal.details} />
            </div>
          )}
          {spinError && (
            <div className="notice banner--error" role="alert" data-testid="spin-error">
              <span>{spinError.message}</span>
              <RetryText details={spinError.details} />
            </div>
          )}
          {(canSpin || spinning) && (
            <button
              type="button"
              className="btn btn-primary btn-block game-page__spin"
              onClick={spin}
              disabled={spinning || !canSpin}
              aria-busy={spinning}
            >
              {spinning ? t('games.spinning') : t('games.spin')}
            </button>
          )}
          <div aria-live="polite" data-testid="spin-result">
            {result && shown && (
              <div className={`state-box ${won ? 'game-page__won' : ''}`}>
                <p className="state-box__title">
                  {result.prize === 'reward' && result.reward
                    ? t('games.wonReward', { name: result.reward.name[language] })
                    : result.prize === 'points'
                      ? t('games.wonPoints', { count: result.points ?? 0 })
                      : t('games.lost')}
                </p>
                {result.sentBySms && <p>{t('games.smsNote')}</p>}
                {result.nextSpinAt && <RetryText details={{ retryAt: result.nextSpinAt }} />}
                <div className="game-page__ways">
                  {won && (
                    <Link to={paths.myRewards.build(uuid)} className="btn btn-primary">
                      {t('games.toRewards')}
                    </Link>
                  )}
                  <Link to={paths.menu.build(uuid)} className="btn btn-secondary">
                    {t('games.toMenu')}
                  </Link>
                </div>
              </div>
            )}
          </div>
          <section aria-labelledby="odds-title" className="game-page__odds">
            <h2 id="odds-title">{t('games.oddsTitle')}</h2>
            <table className="game-odds">
              <thead>
                <tr>
                  <th scope="col">{t('games.segment')}</th>
                  <th scope="col">{t('games.chance')}</th>
                  <th scope="col">{t('games.left')}</th>
                </tr>
              </thead>
              <tbody>
                {game.segments.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">
                      <span className="game-odds__swatch" style={{ background: s.color }} />
                      {s.label[language]}
                    </th>
                    <td>
                      {new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en', {
                        style: 'percent',
                        maximumFractionDigits: 2,
                      }).format(s.oddsBasisPoints / 10_000)}
                    </td>
                    <td>{s.stockLeft === null ? '—' : formatNumber(s.stockLeft, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}
