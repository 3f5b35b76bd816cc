import type { GameKind } from '@sufra/shared/engagement/wheel';
import { useParams } from 'wouter';
import { LoadError, LoadingBlock } from '../../../components/ui/load-state';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { AlreadyRegistered, GameOdds, SpinResult } from '../components/game-parts';
import { PrizeWheel } from '../components/prize-wheel';
import { RetryText } from '../components/retry-text';
import { useGame, useSpin } from '../hooks/use-game';
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
  const { status, game, setGame, loadError, load } = useGame(uuid, kind);
  const { spinning, result, shown, spinError, spin, landed } = useSpin(uuid, kind, setGame);

  if (status !== 'signedIn') return null;
  const title = game ? game.game.name[language] : t('games.title');
  const refusal = game?.me?.refusal ?? null;
  // Only before this page's own spin: the game reloaded after it (for the stock left) says "not new" of this diner.
  const alreadyRegistered =
    kind === 'register_and_win' && result === null && refusal !== null && ALREADY_REGISTERED.has(refusal.code);
  const canSpin = game?.me?.canSpin === true && result === null;

  return (
    <div className="page game-page" data-testid="game-page">
      <title>{`${title} | ${t('app.name')}`}</title>
      <h1>{title}</h1>
      {loadError !== null && !(loadError instanceof ApiError && loadError.code === 'service_deactivated') && (
        <LoadError error={loadError} onRetry={load} />
      )}
      {!game && loadError === null && <LoadingBlock />}
      {game && alreadyRegistered && refusal && <AlreadyRegistered uuid={uuid} message={refusal.message} />}
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
            {result && shown && <SpinResult uuid={uuid} result={result} />}
          </div>
          <GameOdds segments={game.segments} />
        </>
      )}
    </div>
  );
}
