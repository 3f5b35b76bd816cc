import type { EvaluationForm, SubmitEvaluationBody, SubmittedEvaluation } from '@sufra/shared/schemas/evaluation';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useAppSelector } from '../../../stores/root-state';
import { dinerPrefix, useDinerKey } from '../../../stores/use-diner-key';
import { getEvaluationForm } from '../api/get-evaluation-form';
import { submitEvaluation } from '../api/submit-evaluation';

export type AnswerInput = SubmitEvaluationBody['answers'][number];
export type Answers = Record<number, AnswerInput>;

/** Which required questions have no usable answer yet (the server says the same; this marks them before a round trip). */
export function unansweredOf(form: Pick<EvaluationForm, 'questions'>, answers: Answers): number[] {
  return form.questions
    .filter((q) => {
      if (!q.required) return false;
      const a = answers[q.id];
      if (q.kind === 'rating') return a?.rating === undefined;
      if (q.kind === 'text') return !a?.text?.trim();
      return !a?.optionIds?.length;
    })
    .map((q) => q.id);
}

type Target = { uuid: string; formId: string; orderId: number; validOrder: boolean };

/**
 * The form for one order, or (no order) for today's visit to the QR code's branch, for a signed-in diner (a
 * signed-out one is sent to sign in and brought back).
 */
export function useEvaluationForm({ uuid, formId, orderId, validOrder }: Target) {
  const language = useLanguage();
  const [, navigate] = useLocation();
  const status = useAppSelector((s) => s.auth.status);
  const diner = useDinerKey(uuid);
  const query = useApiQuery(
    status === 'signedIn' && diner
      ? [...diner, 'evaluation-form', formId, validOrder ? orderId : null, language]
      : null,
    () => getEvaluationForm(uuid, formId, validOrder ? orderId : undefined, language),
    { staleMs: 0 },
  );
  const form = query.data ?? null;
  const loadError = query.error ?? null;
  const [ratedHere, setAlreadyRated] = useState(false);
  const alreadyRated = ratedHere || form?.alreadySubmitted === true;

  useEffect(() => {
    if (status === 'signedOut') {
      const next = paths.evaluate.build(uuid, formId, validOrder ? orderId : undefined);
      navigate(paths.register.build(uuid, { mode: 'signin', next }), { replace: true });
    }
  }, [status, uuid, formId, orderId, validOrder, navigate]);

  return { form, loadError, alreadyRated, setAlreadyRated };
}

/** The answers and photos, and sending them: required questions are marked before and after a round trip. */
export function useEvaluationAnswers(
  { uuid, formId, orderId, validOrder }: Target,
  form: EvaluationForm | null,
  onAlreadyRated: () => void,
) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [answers, setAnswers] = useState<Answers>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [unanswered, setUnanswered] = useState<number[]>([]);
  const [sendError, setSendError] = useState<string | null>(null);
  // Rated: the order's "rate your visit" and the form itself change (every query of the diner's here is asked again).
  const submission = useApiMutation(
    (body: SubmitEvaluationBody) => submitEvaluation(uuid, formId, body, photos, language),
    { invalidates: [dinerPrefix(uuid)] },
  );
  const sending = submission.busy;
  const [done, setDone] = useState<SubmittedEvaluation | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

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
    setSendError(null);
    try {
      const answered = form.questions.map((q) => answers[q.id] ?? { questionId: q.id });
      const body = validOrder ? { orderId, answers: answered } : { answers: answered };
      setDone(await submission.mutate(body));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'evaluation_already_submitted' || code === 'evaluation_visit_already_rated') onAlreadyRated();
      if (error instanceof ApiError && Array.isArray(error.details?.unanswered)) {
        setUnanswered(error.details.unanswered.filter((id): id is number => typeof id === 'number'));
      }
      setSendError(errorText(error, language));
      summaryRef.current?.focus();
    }
  }

  return {
    ...{ answers, setAnswer, photos, setPhotos, photoError, setPhotoError, unanswered },
    ...{ sending, sendError, done, summaryRef, send },
  };
}

export type EvaluationAnswers = ReturnType<typeof useEvaluationAnswers>;
