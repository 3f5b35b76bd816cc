import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { getGame } from '../api/games';
import '../games.css';

/**
 * The landing page's way to the wheel (given by app/router.tsx, like the loyalty card): shown when the wheel's
 * service is on and the brand has an active wheel game here, which the game's own endpoint says (it answers signed
 * out too; no game, a game switched off or any failure shows nothing, the landing page stays as it is).
 */
export default function WheelLink() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const status = useAppSelector((s) => s.auth.status);
  const on = establishment?.uuid === uuid && establishment.services.wheel !== false && status !== 'unknown';
  const game = useApiQuery(on ? ['wheel-game', uuid, language, status] : null, () => getGame(uuid, 'wheel', language));
  if (!on || !game.data) return null;
  return (
    <section
      className="card card--raised landing-game"
      aria-labelledby="landing-game-title"
      data-testid="landing-wheel"
    >
      <h2 id="landing-game-title" className="landing-game__title">
        {game.data.game.name[language]}
      </h2>
      <p className="landing-game__lead">{t('games.landingLead')}</p>
      <Link to={paths.wheel.build(uuid)} className="btn btn-secondary btn-block">
        {t('games.landingCta')}
      </Link>
    </section>
  );
}
