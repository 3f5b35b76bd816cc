import { LoadError } from '../../../components/ui/load-state';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { usePunchCards } from '../api/get-punch-cards';
import { PunchCardView } from './punch-card-view';
import '../punch-cards.css';

/** My Rewards' punch cards: every card of the signed-in diner, in progress first, each with its Punches History. */
export function PunchCardsList({ uuid, timeZone }: { uuid: string; timeZone?: string | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // Punch cards switched off: nothing to show, and nothing asked of the server (issue 24 item 5).
  const on = useAppSelector((s) => s.establishment.establishment?.services.punch_cards !== false);
  const query = usePunchCards(uuid, true, language, on);
  const cards = query.data?.cards ?? null;
  const error = query.error ?? null;
  const load = query.refetch;

  if (!on) return null;
  if (error !== null) return <LoadError error={error} onRetry={load} />;
  if (!cards || cards.length === 0) return null;
  return (
    <section className="loyalty-section" aria-labelledby="my-punch-cards-title" data-testid="my-punch-cards">
      <h2 id="my-punch-cards-title" className="loyalty-section-title">
        {t('loyalty.punch.title')}
      </h2>
      <ul className="punch-card-list">
        {cards.map((card) => (
          <PunchCardView
            key={`${card.programme.id}-${card.id}`}
            uuid={uuid}
            card={card}
            timeZone={timeZone}
            withHistory
          />
        ))}
      </ul>
    </section>
  );
}
