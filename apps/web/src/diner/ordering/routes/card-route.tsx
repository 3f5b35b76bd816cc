import { Link, useParams } from 'wouter';
import { FormAlert } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/use-translation';
import { CardForm } from '../components/card-form';
import { MissingOrder } from '../components/missing-order';
import { useCardForm, useCardPage } from '../hooks/use-card-payment';
import { useOrderFromQuery } from '../hooks/use-order-from-query';
import '../../../components/ui/form.css';
import './ordering.css';

/**
 * `/card/{uuid}?order={id}`: our card page, for Moyasar (its payments API has no hosted card page). The card goes
 * from this browser straight to Moyasar's tokens API with the publishable key the API hands us; our API only ever
 * gets the token, and answers the 3-D Secure step to go to, after which Moyasar sends the diner to /payment/{uuid}.
 * The fields are checked here first with the same rules as the test gateway's page (the spec's three messages).
 */
export default function CardRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const { orderId, status } = useOrderFromQuery(uuid, paths.card.build);
  const card = useCardPage(uuid, orderId, status === 'signedIn');
  const form = useCardForm(uuid, orderId, card);
  const { loaded } = card;
  const title = t('ordering.cardTitle');

  if (orderId === null) return <MissingOrder uuid={uuid} title={title} testId="card-page" />;

  return (
    <div className="page ordering-page" data-testid="card-page" data-state={loaded.state}>
      <title>{`${title} | ${t('app.name')}`}</title>
      <h1>{title}</h1>
      {loaded.state === 'loading' && (
        <div role="status">
          <span className="visually-hidden">{t('ordering.cardLoading')}</span>
          <div className="skeleton skeleton--block" />
        </div>
      )}
      {loaded.state === 'error' && (
        <>
          <FormAlert message={loaded.message} testId="card-load-error" />
          <div className="page__actions">
            <button type="button" className="btn btn-primary" onClick={() => void card.load()}>
              {t('app.retry')}
            </button>
            <Link to={paths.orders.build(uuid)} className="btn btn-secondary">
              {t('ordering.myOrders')}
            </Link>
          </div>
        </>
      )}
      {loaded.state === 'ready' && <CardForm page={loaded.page} form={form} />}
    </div>
  );
}
