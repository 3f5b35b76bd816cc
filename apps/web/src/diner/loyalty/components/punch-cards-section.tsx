import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { usePunchCards } from '../api/get-punch-cards';
import { PunchCardView } from './punch-card-view';
import '../loyalty.css';
import '../punch-cards.css';

/**
 * The landing page's punch cards, beside the loyalty card (given by app/router.tsx like it): the card in progress of
 * each programme, stamps and all. Signed out, the empty cards invite a sign-in; nothing shows when the brand has no
 * programme or loyalty is off.
 */
export default function PunchCardsSection() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const establishment = useAppSelector((s) => s.establishment.establishment);
  const status = useAppSelector((s) => s.auth.status);
  const current = establishment?.uuid === uuid ? establishment : null;
  const on =
    current !== null &&
    current.services.loyalty !== false &&
    current.services.punch_cards !== false &&
    status !== 'unknown';
  const signedIn = status === 'signedIn';
  // Punches land behind the diner's back (staff complete an order): each visit asks again.
  // The cards of the last visit stay on screen meanwhile.
  const cards = usePunchCards(uuid, signedIn, language, on, 1);

  const inProgress = (cards.data?.cards ?? []).filter((c) => c.status !== 'completed' && c.status !== 'expired');
  if (!on || inProgress.length === 0) return null;
  const here = typeof window === 'undefined' ? paths.qr.build(uuid) : window.location.pathname;
  return (
    <section className="card card--raised loyalty-card" aria-labelledby="punch-cards-title" data-testid="punch-cards">
      <h2 id="punch-cards-title" className="loyalty-card__title">
        {t('loyalty.punch.title')}
      </h2>
      <ul className="punch-card-list">
        {inProgress.map((card) => (
          <PunchCardView
            key={`${card.programme.id}-${card.id}`}
            uuid={uuid}
            card={card}
            timeZone={current.branch.timeZone}
          />
        ))}
      </ul>
      {!signedIn && (
        <Link
          to={paths.register.build(uuid, { mode: 'signin', next: here })}
          className="btn btn-secondary btn-block"
          data-testid="punch-sign-in"
        >
          {t('loyalty.punch.signIn')}
        </Link>
      )}
    </section>
  );
}
