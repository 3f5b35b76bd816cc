import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getOrderEvaluation } from '../api/get-order-evaluation';
import '../../../components/ui/form.css';

/**
 * "Rate your visit" on an order (the confirmation page, each order in the history), or "rated" once it was. Nothing
 * while loading, when the brand has no form, for a canceled order, or when the check fails: the page around it is
 * about the order, and a missing link costs less than an error there.
 */
export default function EvaluationLink({ uuid, orderId }: { uuid: string; orderId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  // Under the diner's prefix (stores/use-diner-key.ts `dinerPrefix`), so sending the rating refreshes it.
  const state = useApiQuery(
    ['me', uuid, 'order-evaluation', orderId, language],
    () => getOrderEvaluation(uuid, orderId, language),
    { staleMs: 0 },
  ).data;

  if (!state || state.formId === null) return null;
  if (state.submitted) {
    return (
      <p className="field__hint" data-testid="order-rated">
        {t('evaluation.rated')}
      </p>
    );
  }
  return (
    <Link
      to={paths.evaluate.build(uuid, String(state.formId), orderId)}
      className="btn btn-secondary"
      data-testid="rate-order"
    >
      {t('evaluation.rateOrder')}
    </Link>
  );
}
