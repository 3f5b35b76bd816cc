import { FormField } from '../../../components/ui/form-field';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { OrderData } from '../hooks/use-order-data';
import { timeZoneLabel } from '../order-draft';
import '../../../components/ui/option-card.css';

/** As soon as possible, or a day of the coming week and a time in the branch's zone. */
export function ReceiveTime({ data: d }: { data: OrderData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const dayLabel = (date: string, index: number) => {
    const text = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${date}T12:00:00Z`));
    return index === 0 ? `${t('ordering.today')} · ${text}` : text;
  };
  return (
    <>
      <fieldset className="option-list">
        <legend className="field__label">{t('ordering.receiveTitle')}</legend>
        <label className="option-card">
          <input
            type="radio"
            name="receive"
            checked={!d.scheduled}
            onChange={() => {
              d.setScheduled(false);
              d.setTimeError(null);
            }}
            data-testid="receive-asap"
          />
          <span className="option-card__title">{t('ordering.asap')}</span>
        </label>
        <label className="option-card">
          <input
            type="radio"
            name="receive"
            checked={d.scheduled}
            onChange={() => d.setScheduled(true)}
            data-testid="receive-scheduled"
          />
          <span className="option-card__title">{t('ordering.scheduled')}</span>
        </label>
      </fieldset>
      {d.scheduled && (
        <div className="field-row">
          <FormField id="receive-day" label={t('ordering.day')}>
            {(control) => (
              <select {...control} className="input" value={d.day} onChange={(event) => d.setDay(event.target.value)}>
                {d.days.map((date, index) => (
                  <option key={date} value={date}>
                    {dayLabel(date, index)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="receive-time" label={t('ordering.time')} error={d.timeError}>
            {(control) => (
              <input
                {...control}
                type="time"
                className="input input--ltr"
                dir="ltr"
                value={d.time}
                onChange={(event) => {
                  d.setTime(event.target.value);
                  d.setTimeError(null);
                }}
              />
            )}
          </FormField>
          <p className="field__hint full-row">
            {t('ordering.timeZoneNote', { zone: timeZoneLabel(d.timeZone, language) })}
          </p>
        </div>
      )}
    </>
  );
}
