import type { EvaluationForm, SubmitEvaluationBody, SubmittedEvaluation } from '@sufra/shared/schemas/evaluation';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { getEvaluationForm } from '../api/get-evaluation-form';
import { submitEvaluation } from '../api/submit-evaluation';
import { PhotoPicker } from '../components/photo-picker';
import { StarRating } from '../components/star-rating';
import '../../../components/ui/form.css';
import '../evaluation.css';

type AnswerInput = SubmitEvaluationBody['answers'][number];
type Answers = Record<number, AnswerInput>;

/** Which questions have no usable answer yet (the server says the same; this marks them before a round trip). */
function unansweredOf(form: EvaluationForm, answers: Answers): number[] {
  return form.questions
    .filter((q) => {
      const a = answers[q.id];
      if (q.kind === 'rating') return a?.rating === undefined;
      if (q.kind === 'text') return !a?.text?.trim();
      return !a?.optionIds?.length;
    })
    .map((q) => q.id);
}

/**
 * `/evaluate/{uuid}/{form}?order={id}`: the brand's questions about one of the diner's orders, every one required,
 * with up to two photos. An order rated already shows that instead of the form; after sending, the points it earned.
 */
export default function EvaluateRoute() {
  const { uuid = '', form: formId = '' } = useParams();
  const [search] = useSearchParams();
  const orderId = Number(search.get('order'));
  const validOrder = Number.isSafeInteger(orderId) && orderId > 0;
  const { t } = useTranslation();
  const language = useLanguage();
  const [, navigate] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const brandName = useAppSelector((s) => s.establishment.establishment?.brand.name[language]);
  const [form, setForm] = useState<EvaluationForm | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [unanswered, setUnanswered] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [done, setDone] = useState<SubmittedEvaluation | null>(null);
  const [alreadyRated, setAlreadyRated] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (status === 'signedOut') {
      const next = validOrder ? paths.evaluate.build(uuid, formId, orderId) : paths.menu.build(uuid);
      navigate(paths.register.build(uuid, { mode: 'signin', next }), { replace: true });
    }
  }, [status, uuid, formId, orderId, validOrder, navigate]);

  useEffect(() => {
    if (status !== 'signedIn' || !validOrder) return;
    let active = true;
    getEvaluationForm(uuid, formId, orderId, language).then(
      (loaded) => {
        if (!active) return;
        setForm(loaded);
        setAlreadyRated(loaded.alreadySubmitted);
      },
      (error: unknown) => active && setLoadError(error),
    );
    return () => {
      active = false;
    };
  }, [status, uuid, formId, orderId, validOrder, language]);

  const title = form?.name[language] ?? t('evaluation.title');
  const setAnswer = (questionId: number, patch: Partial<AnswerInput>) => {
    setAnswers((current) => ({ ...current, [questionId]: { ...current[questionId], ...patch, questionId } }));
    setUnanswered((current) => current.filter((id) => id !== questionId));
  };

  async function send() {
    if (!form) return;
    const missing = unansweredOf(form, answers);
    setUnanswered(missing);
    if (missing.length > 0) {
      setSendError(t('evaluation.unanswered'));
      summaryRef.current?.focus();
      return;
    }
    setSending(true);
    setSendError(null);
    try {
      const result = await submitEvaluation(
        uuid,
        formId,
        { orderId, answers: form.questions.map((q) => answers[q.id] ?? { questionId: q.id }) },
        photos,
        language,
      );
      setDone(result);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'evaluation_already_submitted') setAlreadyRated(true);
      if (error instanceof ApiError && Array.isArray(error.details?.unanswered)) {
        setUnanswered(error.details.unanswered.filter((id): id is number => typeof id === 'number'));
      }
      setSendError(errorText(error, language));
      summaryRef.current?.focus();
    } finally {
      setSending(false);
    }
  }

  const backToOrders = (
    <div className="page__actions">
      <Link to={paths.orders.build(uuid)} className="btn btn-secondary">
        {t('evaluation.myOrders')}
      </Link>
      <Link to={paths.menu.build(uuid)} className="btn btn-ghost">
        {t('evaluation.browseMenu')}
      </Link>
    </div>
  );

  return (
    <div className="page evaluation-page" data-testid="evaluate-page">
      <title>{`${title} | ${brandName ?? t('app.name')}`}</title>
      <h1>{title}</h1>
      {!validOrder ? (
        <>
          <p className="banner banner--error" role="alert">
            {t('evaluation.noOrder')}
          </p>
          {backToOrders}
        </>
      ) : done ? (
        <section className="card evaluation-done" data-testid="evaluation-done" role="status">
          <h2>{t('evaluation.thanks')}</h2>
          {done.pointsAwarded > 0 && (
            <p data-testid="evaluation-points">
              {t('evaluation.pointsEarned', { points: formatNumber(done.pointsAwarded, language) })}
            </p>
          )}
          {backToOrders}
        </section>
      ) : alreadyRated ? (
        <section className="card" data-testid="already-rated" role="status">
          <p>{t('evaluation.alreadyRated')}</p>
          {backToOrders}
        </section>
      ) : loadError != null ? (
        <>
          <p className="banner banner--error" role="alert">
            {errorText(loadError, language)}
          </p>
          {backToOrders}
        </>
      ) : !form ? (
        <div className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </div>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <p className="field__hint">{t('evaluation.intro')}</p>
          {form.pointsReward > 0 && (
            <p className="notice notice--info" data-testid="points-offer">
              {t('evaluation.pointsOffer', { points: formatNumber(form.pointsReward, language) })}
            </p>
          )}
          <div ref={summaryRef} tabIndex={-1} aria-live="assertive">
            {sendError && (
              <p className="banner banner--error" role="alert" data-testid="evaluation-error">
                {sendError}
              </p>
            )}
          </div>
          {form.questions.map((q, index) => {
            const labelId = `question-${q.id}`;
            const invalid = unanswered.includes(q.id);
            const answer = answers[q.id];
            const label = (
              <span id={labelId} className="field__label">
                {`${formatNumber(index + 1, language)}. ${q.label[language]}`}
              </span>
            );
            return (
              <fieldset
                key={q.id}
                className={`evaluation-question${invalid ? ' evaluation-question--invalid' : ''}`}
                data-testid="evaluation-question"
                data-kind={q.kind}
                data-invalid={invalid}
                aria-describedby={invalid ? `${labelId}-error` : undefined}
              >
                <legend>{label}</legend>
                {q.kind === 'rating' && (
                  <StarRating
                    name={`q${q.id}`}
                    labelledBy={labelId}
                    value={answer?.rating}
                    invalid={invalid}
                    language={language}
                    onChange={(rating) => setAnswer(q.id, { rating })}
                  />
                )}
                {(q.kind === 'single' || q.kind === 'multiple') && (
                  <div className="evaluation-options">
                    {q.options.map((option) => {
                      const chosen = answer?.optionIds?.includes(option.id) ?? false;
                      return (
                        <label key={option.id} className="evaluation-option">
                          <input
                            type={q.kind === 'single' ? 'radio' : 'checkbox'}
                            name={`q${q.id}`}
                            checked={chosen}
                            onChange={() => {
                              const current = answer?.optionIds ?? [];
                              const optionIds =
                                q.kind === 'single'
                                  ? [option.id]
                                  : chosen
                                    ? current.filter((id) => id !== option.id)
                                    : [...current, option.id];
                              setAnswer(q.id, { optionIds });
                            }}
                          />
                          <span>{option.label[language]}</span>
                        </label>
                      );
                    })}
                  </div>
                )}
                {q.kind === 'text' && (
                  <textarea
                    className="input"
                    rows={3}
                    maxLength={1000}
                    aria-labelledby={labelId}
                    aria-invalid={invalid || undefined}
                    value={answer?.text ?? ''}
                    onChange={(event) => setAnswer(q.id, { text: event.target.value })}
                  />
                )}
                {invalid && (
                  <p id={`${labelId}-error`} className="field__error">
                    {t('evaluation.required')}
                  </p>
                )}
              </fieldset>
            );
          })}
          <PhotoPicker photos={photos} onChange={setPhotos} error={photoError} onError={setPhotoError} />
          <button
            type="submit"
            className="btn btn-primary btn-block btn-large"
            disabled={sending}
            data-testid="send-evaluation"
          >
            {sending ? t('evaluation.sending') : t('evaluation.send')}
          </button>
        </form>
      )}
    </div>
  );
}
