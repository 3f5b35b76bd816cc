import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { FormField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { setNotes, setReceiveAt } from '../../../stores/cart-slice';
import { useAppDispatch, useAppSelector } from '../../../stores/root-state';
import { useOrderBranch } from '../hooks/use-order-branch';
import { useOrderingCart } from '../hooks/use-ordering-cart';
import {
  checkReceiveTime,
  dineInPlace,
  missingStep,
  NOTES_MAX,
  receiveDays,
  timeZoneLabel,
  zonedParts,
  zonedToInstant,
} from '../order-draft';
import '../../../components/ui/form.css';
import './ordering.css';
import { useBrandName } from '../../../stores/use-brand-name';

/** `/order-data/{uuid}`: notes for the restaurant and when the diner wants the order (as soon as possible, or a time within the week). */
export default function OrderDataRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const brandName = useBrandName();
  const dispatch = useAppDispatch();
  const [, navigate] = useLocation();
  const { ready, cart } = useOrderingCart(uuid);
  const branch = useOrderBranch(uuid);
  const timeZone = branch?.timeZone ?? 'Asia/Riyadh';

  const qr = useAppSelector((s) => s.establishment.establishment);
  // Asked once the QR's data is here: whether dine-in needs the location or a table number depends on it.
  const missing = ready && qr?.uuid === uuid ? missingStep(cart, dineInPlace(qr)) : null;
  useEffect(() => {
    if (missing && missing !== 'cart') navigate(paths.orderType.build(uuid), { replace: true });
  }, [missing, navigate, uuid]);

  const saved = useMemo(
    () => (cart.receiveAt ? zonedParts(new Date(cart.receiveAt), timeZone) : null),
    [cart.receiveAt, timeZone],
  );
  const [notes, setNotesValue] = useState(cart.notes);
  const [scheduled, setScheduled] = useState(cart.receiveAt !== null);
  const days = useMemo(() => receiveDays(new Date(), timeZone), [timeZone]);
  const [day, setDay] = useState(saved?.date ?? days[0] ?? '');
  const [time, setTime] = useState(saved?.time ?? '');
  const [timeError, setTimeError] = useState<string | null>(null);

  const dayLabel = (date: string, index: number) => {
    const text = new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${date}T12:00:00Z`));
    return index === 0 ? `${t('ordering.today')} · ${text}` : text;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    let receiveAt: string | null = null;
    if (scheduled) {
      const instant = time ? zonedToInstant(day, time, timeZone) : null;
      if (!instant) {
        setTimeError(t('ordering.timeRequired'));
        return;
      }
      const problem = checkReceiveTime(instant, new Date());
      if (problem) {
        setTimeError(problem === 'past' ? t('ordering.timePast') : t('ordering.timeTooFar'));
        return;
      }
      receiveAt = instant.toISOString();
    }
    setTimeError(null);
    dispatch(setNotes(notes.trim()));
    dispatch(setReceiveAt(receiveAt));
    navigate(paths.checkout.build(uuid));
  };

  const title = t('ordering.dataTitle');
  return (
    <form className="page ordering-page form" noValidate onSubmit={onSubmit} data-testid="order-data-page">
      <title>{`${title} | ${brandName}`}</title>
      <h1>{title}</h1>
      {!ready ? (
        <div className="skeleton skeleton--block" role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
        </div>
      ) : (
        <>
          <FormField
            id="order-notes"
            label={t('ordering.notes')}
            optional
            hint={t('ordering.notesHint', {
              count: formatNumber(notes.length, language),
              max: formatNumber(NOTES_MAX, language),
            })}
          >
            {(control) => (
              <textarea
                {...control}
                className="input notes-textarea"
                maxLength={NOTES_MAX}
                value={notes}
                onChange={(event) => setNotesValue(event.target.value)}
              />
            )}
          </FormField>

          <fieldset className="option-list">
            <legend className="field__label">{t('ordering.receiveTitle')}</legend>
            <label className="option-card">
              <input
                type="radio"
                name="receive"
                checked={!scheduled}
                onChange={() => {
                  setScheduled(false);
                  setTimeError(null);
                }}
                data-testid="receive-asap"
              />
              <span className="option-card__title">{t('ordering.asap')}</span>
            </label>
            <label className="option-card">
              <input
                type="radio"
                name="receive"
                checked={scheduled}
                onChange={() => setScheduled(true)}
                data-testid="receive-scheduled"
              />
              <span className="option-card__title">{t('ordering.scheduled')}</span>
            </label>
          </fieldset>
          {scheduled && (
            <div className="field-row">
              <FormField id="receive-day" label={t('ordering.day')}>
                {(control) => (
                  <select {...control} className="input" value={day} onChange={(event) => setDay(event.target.value)}>
                    {days.map((date, index) => (
                      <option key={date} value={date}>
                        {dayLabel(date, index)}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField id="receive-time" label={t('ordering.time')} error={timeError}>
                {(control) => (
                  <input
                    {...control}
                    type="time"
                    className="input input--ltr"
                    dir="ltr"
                    value={time}
                    onChange={(event) => {
                      setTime(event.target.value);
                      setTimeError(null);
                    }}
                  />
                )}
              </FormField>
              <p className="field__hint full-row">
                {t('ordering.timeZoneNote', { zone: timeZoneLabel(timeZone, language) })}
              </p>
            </div>
          )}
        </>
      )}
      <div className="ordering-actions">
        <button type="submit" className="btn btn-primary btn-block btn-large" disabled={!ready} data-testid="continue">
          {t('ordering.continue')}
        </button>
      </div>
    </form>
  );
}
