import { useParams, useSearchParams } from 'wouter';
import { errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { BackToOrders, EvaluationFormView } from '../components/evaluation-form-view';
import { useEvaluationAnswers, useEvaluationForm } from '../hooks/use-evaluation';
import '../../../components/ui/form.css';
import '../evaluation.css';

/**
 * `/evaluate/{uuid}/{form}?order={id}`: the brand's questions about one of the diner's orders (the optional ones
 * marked), with up to two photos. An order rated already shows that instead of the form; after sending, the points it
 * earned. Without an order (the table's QR, for a diner who ordered at the counter): today's visit to the QR code's
 * branch, once a day, no points.
 */
export default function EvaluateRoute() {
  const { uuid = '', form: formId = '' } = useParams();
  const [search] = useSearchParams();
  const orderId = Number(search.get('order'));
  const validOrder = Number.isSafeInteger(orderId) && orderId > 0;
  const { t } = useTranslation();
  const language = useLanguage();
  const brandName = useAppSelector((s) => s.establishment.establishment?.brand.name[language]);
  const target = { uuid, formId, orderId, validOrder };
  const { form, loadError, alreadyRated, setAlreadyRated } = useEvaluationForm(target);
  const answers = useEvaluationAnswers(target, form, () => setAlreadyRated(true));
  const { done } = answers;
  const title = form?.name[language] ?? t('evaluation.title');

  return (
    <div className="page evaluation-page" data-testid="evaluate-page">
      <title>{`${title} | ${brandName ?? t('app.name')}`}</title>
      <h1>{title}</h1>
      {done ? (
        <section className="card evaluation-done" data-testid="evaluation-done" role="status">
          <h2>{t('evaluation.thanks')}</h2>
          {done.pointsAwarded > 0 && (
            <p data-testid="evaluation-points">
              {t('evaluation.pointsEarned', { points: formatNumber(done.pointsAwarded, language) })}
            </p>
          )}
          <BackToOrders uuid={uuid} />
        </section>
      ) : alreadyRated ? (
        <section className="card" data-testid="already-rated" role="status">
          <p>{t(validOrder ? 'evaluation.alreadyRated' : 'evaluation.visitAlreadyRated')}</p>
          <BackToOrders uuid={uuid} />
        </section>
      ) : loadError != null ? (
        <>
          <p className="banner banner--error" role="alert">
            {errorText(loadError, language)}
          </p>
          <BackToOrders uuid={uuid} />
        </>
      ) : !form ? (
        <div className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </div>
      ) : (
        <EvaluationFormView form={form} answers={answers} forVisit={!validOrder} />
      )}
    </div>
  );
}
