import { useParams } from 'wouter';
import { FormField } from '../../../components/ui/form-field';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useBrandName } from '../../../stores/use-brand-name';
import { ReceiveTime } from '../components/receive-time';
import { useOrderData } from '../hooks/use-order-data';
import { NOTES_MAX } from '../order-draft';
import '../../../components/ui/form.css';
import './ordering.css';

/** `/order-data/{uuid}`: notes for the restaurant and when the diner wants the order (as soon as possible, or a time within the week). */
export default function OrderDataRoute() {
  const { uuid = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const brandName = useBrandName();
  const data = useOrderData(uuid);
  const { ready, notes } = data;

  const title = t('ordering.dataTitle');
  return (
    <form className="page ordering-page form" noValidate onSubmit={data.onSubmit} data-testid="order-data-page">
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
                onChange={(event) => data.setNotesValue(event.target.value)}
              />
            )}
          </FormField>

          <ReceiveTime data={data} />
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
