import type { QuestionKind } from '@sufra/shared/evaluation/answers';
import { QUESTION_KINDS } from '@sufra/shared/evaluation/answers';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { newKey, type QuestionDraft } from '../forms-draft';

/** One question of the form editor: kind, both languages' labels, required or optional, options, order and removal. */
interface QuestionProps {
  question: QuestionDraft;
  index: number;
  count: number;
  problem: (field: string) => string | null;
  onChange: (change: Partial<QuestionDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export function QuestionEditor({ question: q, index, count, problem, onChange, onMove, onRemove }: QuestionProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const n = formatNumber(index + 1, language);
  const answered = q.answers > 0;
  const choice = q.kind === 'single' || q.kind === 'multiple';
  const setKind = (kind: QuestionKind) => {
    const wantsOptions = kind === 'single' || kind === 'multiple';
    const options = wantsOptions
      ? q.options.length >= 2
        ? q.options
        : [...q.options, ...[0, 1].map(() => ({ key: newKey(), id: null, ar: '', en: '' }))].slice(0, 2)
      : [];
    onChange({ kind, options });
  };
  return (
    <li className="manage-forms__question" data-testid={`question-${index}`}>
      <div className="manage-forms__question-head">
        <span className="manage-forms__question-number" aria-hidden="true">
          {n}
        </span>
        <label className="field manage-forms__kind">
          <span className="field__label">{t('manageForms.kind')}</span>
          <select
            className="input"
            value={q.kind}
            disabled={answered}
            onChange={(e) => setKind(e.target.value as QuestionKind)}
            data-testid={`question-kind-${index}`}
          >
            {QUESTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`manageForms.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="manage-forms__check">
          <input
            type="checkbox"
            checked={q.required}
            onChange={(e) => onChange({ required: e.target.checked })}
            data-testid={`question-required-${index}`}
          />
          {t('manageForms.required')}
        </label>
        <div className="manage-forms__actions">
          <button
            type="button"
            className="btn btn-secondary btn-icon"
            aria-label={t('manageForms.moveUp', { n })}
            disabled={index === 0}
            onClick={() => onMove(-1)}
            data-testid={`question-up-${index}`}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-icon"
            aria-label={t('manageForms.moveDown', { n })}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            data-testid={`question-down-${index}`}
          >
            ↓
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={t('manageForms.remove', { n })}
            disabled={count === 1}
            onClick={onRemove}
            data-testid={`question-remove-${index}`}
          >
            ✕
          </button>
        </div>
      </div>
      {answered && (
        <p className="field__hint">
          {t('manageForms.answered', { count: q.answers, countText: formatNumber(q.answers, language) })}
        </p>
      )}
      <div className="manage-forms__pair">
        <label className="field">
          <span className="field__label">{t('manageForms.labelAr')}</span>
          <input
            className="input"
            dir="rtl"
            lang="ar"
            maxLength={200}
            value={q.labelAr}
            aria-invalid={problem(`q${index}.label`) ? true : undefined}
            onChange={(e) => onChange({ labelAr: e.target.value })}
            data-testid={`question-label-ar-${index}`}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('manageForms.labelEn')}</span>
          <input
            className="input"
            dir="ltr"
            lang="en"
            maxLength={200}
            value={q.labelEn}
            aria-invalid={problem(`q${index}.label`) ? true : undefined}
            onChange={(e) => onChange({ labelEn: e.target.value })}
            data-testid={`question-label-en-${index}`}
          />
        </label>
      </div>
      {problem(`q${index}.label`) && <p className="field__error">{problem(`q${index}.label`)}</p>}
      {choice && (
        <div className="manage-forms__options">
          {q.options.map((o, i) => {
            const on = formatNumber(i + 1, language);
            const patch = (change: Partial<typeof o>) =>
              onChange({ options: q.options.map((x) => (x.key === o.key ? { ...x, ...change } : x)) });
            return (
              <div className="manage-forms__option" key={o.key}>
                <input
                  className="input"
                  dir="rtl"
                  lang="ar"
                  maxLength={200}
                  aria-label={t('manageForms.optionAr', { n: on })}
                  value={o.ar}
                  onChange={(e) => patch({ ar: e.target.value })}
                />
                <input
                  className="input"
                  dir="ltr"
                  lang="en"
                  maxLength={200}
                  aria-label={t('manageForms.optionEn', { n: on })}
                  value={o.en}
                  onChange={(e) => patch({ en: e.target.value })}
                />
                <button
                  type="button"
                  className="btn btn-secondary btn-icon"
                  aria-label={t('manageForms.removeOption', { n: on })}
                  disabled={(answered && o.id !== null) || q.options.length <= 2}
                  onClick={() => onChange({ options: q.options.filter((x) => x.key !== o.key) })}
                >
                  ✕
                </button>
              </div>
            );
          })}
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => onChange({ options: [...q.options, { key: newKey(), id: null, ar: '', en: '' }] })}
          >
            {t('manageForms.addOption')}
          </button>
          {problem(`q${index}.options`) && <p className="field__error">{problem(`q${index}.options`)}</p>}
        </div>
      )}
    </li>
  );
}
