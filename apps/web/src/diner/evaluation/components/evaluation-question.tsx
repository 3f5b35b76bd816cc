import type { EvaluationForm } from '@sufra/shared/schemas/evaluation';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { AnswerInput } from '../hooks/use-evaluation';
import { StarRating } from './star-rating';

type Question = EvaluationForm['questions'][number];
type Props = {
  question: Question;
  index: number;
  answer: AnswerInput | undefined;
  invalid: boolean;
  onAnswer: (patch: Partial<AnswerInput>) => void;
};

/** One question, required or marked optional: stars, one or several options, or a text. */
export function EvaluationQuestion({ question: q, index, answer, invalid, onAnswer }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const labelId = `question-${q.id}`;
  return (
    <fieldset
      className={`evaluation-question${invalid ? ' evaluation-question--invalid' : ''}`}
      data-testid="evaluation-question"
      data-kind={q.kind}
      data-invalid={invalid}
      aria-describedby={invalid ? `${labelId}-error` : undefined}
    >
      <legend>
        <span id={labelId} className="field__label">
          {`${formatNumber(index + 1, language)}. ${q.label[language]}`}
          {!q.required && <span className="field__optional">{` ${t('evaluation.optional')}`}</span>}
        </span>
      </legend>
      {q.kind === 'rating' && (
        <StarRating
          name={`q${q.id}`}
          labelledBy={labelId}
          value={answer?.rating}
          invalid={invalid}
          language={language}
          onChange={(rating) => onAnswer({ rating })}
        />
      )}
      {(q.kind === 'single' || q.kind === 'multiple') && (
        <QuestionOptions question={q} answer={answer} onAnswer={onAnswer} />
      )}
      {q.kind === 'text' && (
        <textarea
          className="input"
          rows={3}
          maxLength={1000}
          aria-labelledby={labelId}
          aria-invalid={invalid || undefined}
          value={answer?.text ?? ''}
          onChange={(event) => onAnswer({ text: event.target.value })}
        />
      )}
      {invalid && (
        <p id={`${labelId}-error`} className="field__error">
          {t('evaluation.required')}
        </p>
      )}
    </fieldset>
  );
}

function QuestionOptions({ question: q, answer, onAnswer }: Pick<Props, 'question' | 'answer' | 'onAnswer'>) {
  const language = useLanguage();
  return (
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
                onAnswer({ optionIds });
              }}
            />
            <span>{option.label[language]}</span>
          </label>
        );
      })}
    </div>
  );
}
