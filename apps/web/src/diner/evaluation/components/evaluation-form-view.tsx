import type { EvaluationForm } from '@sufra/shared/schemas/evaluation';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { EvaluationAnswers } from '../hooks/use-evaluation';
import { EvaluationQuestion } from './evaluation-question';
import { PhotoPicker } from './photo-picker';

/** The questions, the photos and the send button. */
export function EvaluationFormView({
  form,
  answers: a,
  forVisit,
}: {
  form: EvaluationForm;
  answers: EvaluationAnswers;
  /** Today's visit, without an order: it earns no points. */
  forVisit: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void a.send();
      }}
    >
      {forVisit && <p data-testid="visit-intro">{t('evaluation.visitIntro')}</p>}
      <p className="field__hint">{t('evaluation.intro')}</p>
      {form.pointsReward > 0 && !forVisit && (
        <p className="notice notice--info" data-testid="points-offer">
          {t('evaluation.pointsOffer', { points: formatNumber(form.pointsReward, language) })}
        </p>
      )}
      <div ref={a.summaryRef} tabIndex={-1} aria-live="assertive">
        {a.sendError && (
          <p className="banner banner--error" role="alert" data-testid="evaluation-error">
            {a.sendError}
          </p>
        )}
      </div>
      {form.questions.map((q, index) => (
        <EvaluationQuestion
          key={q.id}
          question={q}
          index={index}
          answer={a.answers[q.id]}
          invalid={a.unanswered.includes(q.id)}
          onAnswer={(patch) => a.setAnswer(q.id, patch)}
        />
      ))}
      <PhotoPicker photos={a.photos} onChange={a.setPhotos} error={a.photoError} onError={a.setPhotoError} />
      <button
        type="submit"
        className="btn btn-primary btn-block btn-large"
        disabled={a.sending}
        data-testid="send-evaluation"
      >
        {a.sending ? t('evaluation.sending') : t('evaluation.send')}
      </button>
    </form>
  );
}

/** The ways on from an evaluation (sent, refused or not possible): the diner's orders, or the menu. */
export function BackToOrders({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  return (
    <div className="page__actions">
      <Link to={paths.orders.build(uuid)} className="btn btn-secondary">
        {t('evaluation.myOrders')}
      </Link>
      <Link to={paths.menu.build(uuid)} className="btn btn-ghost">
        {t('evaluation.browseMenu')}
      </Link>
    </div>
  );
}
