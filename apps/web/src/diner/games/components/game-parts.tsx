import type { GameResponse, SpinResponse } from '@sufra/shared/schemas/games';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { RetryText } from './retry-text';

/** Register-and-win for a diner who is not new: said plainly, with the ways on. */
export function AlreadyRegistered({ uuid, message }: { uuid: string; message: string }) {
  const { t } = useTranslation();
  return (
    <section className="state-box" data-testid="already-registered">
      <p className="state-box__title">{t('games.alreadyRegistered')}</p>
      <p>{message}</p>
      <div className="game-page__ways">
        <Link to={paths.menu.build(uuid)} className="btn btn-primary">
          {t('games.toMenu')}
        </Link>
        <Link to={paths.myRewards.build(uuid)} className="btn btn-secondary">
          {t('games.toRewards')}
        </Link>
      </div>
    </section>
  );
}

/** What the spin won (or not), in words, with the way to My Rewards when there is something there. */
export function SpinResult({ uuid, result }: { uuid: string; result: SpinResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const won = result.prize !== 'none';
  return (
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
  );
}

/** Every slice's chance and the stock it has left, so the odds are public. */
export function GameOdds({ segments }: { segments: GameResponse['segments'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
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
          {segments.map((s) => (
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
  );
}
