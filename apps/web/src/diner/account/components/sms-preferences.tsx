import { FormAlert } from '../../../components/ui/form-field';
import { errorText } from '../../../lib/api-client';
import { setQueryData } from '../../../lib/query-writes';
import { showToast } from '../../../lib/toast';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useDinerKey } from '../../../stores/use-diner-key';
import { getSmsPreferences, setSmsPreferences } from '../api/sms-preferences';

/** The diner's opt-out of order and prize texts (issue 28 item 4); verification codes are always sent. */
export function SmsPreferences({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const diner = useDinerKey(uuid);
  const key = diner ? [...diner, 'sms-preferences'] : null;
  const query = useApiQuery(key, () => getSmsPreferences(uuid, language), { staleMs: 0 });
  const save = useApiMutation((smsOptOut: boolean) => setSmsPreferences(uuid, { smsOptOut }, language));
  const wanted = query.data ? !query.data.smsOptOut : false;
  const toggle = async () => {
    try {
      const saved = await save.mutate(wanted);
      if (key) setQueryData(key, () => saved);
      void showToast(t(saved.smsOptOut ? 'smsTexts.turnedOff' : 'smsTexts.turnedOn'), 'success');
    } catch {
      // Shown below (save.error).
    }
  };
  return (
    <section className="section" aria-labelledby="sms-texts-heading" data-testid="sms-preferences">
      <h2 id="sms-texts-heading">{t('smsTexts.title')}</h2>
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={wanted}
          checked={wanted}
          disabled={!query.data || save.busy}
          onChange={() => void toggle()}
          data-testid="sms-preferences-toggle"
        />
        <span>{t('smsTexts.label')}</span>
      </label>
      <p className="field__hint">{t('smsTexts.hint')}</p>
      <FormAlert message={query.error && !query.loading ? errorText(query.error, language) : null} />
      <FormAlert message={save.error ? errorText(save.error, language) : null} />
    </section>
  );
}
