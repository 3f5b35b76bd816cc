import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { ServiceSwitchList } from '@sufra/shared/schemas/staff';
import type { Service } from '@sufra/shared/services';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { getServices } from '../api/get-services';
import { setService } from '../api/set-service';
import { SwitchOffDialog } from './switch-off-dialog';

/**
 * The brand's service switches (DESIGN §8): the whole brand, ordering and its types, loyalty and the other services.
 * Diners of a switched-off service are told it is unavailable; the change is the whole brand's, at once, so switching
 * one off asks first, naming what diners will see (issue 24 item 12). Switching on needs no confirmation.
 * `onChanged` tells the page a switch changed (the history reloads).
 */
export function ServicesPanel({ brandName, onChanged }: { brandName: LocalizedText; onChanged: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [list, setList] = useState<ServiceSwitchList['services'] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState<Service | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState<Service | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    getServices(language).then(
      (answer) => setList(answer.services),
      (cause: unknown) => setLoadError(errorText(cause, language)),
    );
  }, [language]);
  useEffect(load, [load]);

  const toggle = async (service: Service, isActive: boolean) => {
    setSaving(service);
    setFailure(null);
    try {
      setList((await setService(service, isActive, language)).services);
      onChanged();
    } catch (cause) {
      setFailure(errorText(cause, language));
    } finally {
      setSaving(null);
    }
  };

  return (
    <section className="section services-admin__panel" aria-labelledby="services-heading" data-testid="services-panel">
      <h2 id="services-heading">{t('staff.services.title')}</h2>
      <p className="page__lead">{t('staff.services.lead')}</p>
      {loadError && (
        <div className="banner banner--error" role="alert">
          <span>{loadError}</span>
          <button type="button" className="btn btn-small" onClick={load}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {!list && !loadError && (
        <div role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="skeleton skeleton--line" />
        </div>
      )}
      {list && (
        <ul className="services-admin__list">
          {list.map(({ service, isActive }) => (
            <li key={service} className="card services-admin__service">
              <label className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={isActive}
                  checked={isActive}
                  disabled={saving !== null}
                  // Off asks first (the dialog switches it); on goes at once.
                  onChange={() => (isActive ? setAsking(service) : void toggle(service, true))}
                  data-testid={`service-${service}`}
                />
                <span>{t(`staff.loyalty.services.${service}`)}</span>
              </label>
              <span className={`pill pill--${isActive ? 'open' : 'closed'}`}>
                {t(isActive ? 'staff.loyalty.on' : 'staff.loyalty.off')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <p className="form-alert" role="alert">
          {failure}
        </p>
      )}
      {asking && (
        <SwitchOffDialog
          service={asking}
          brandName={brandName[language]}
          onConfirm={() => toggle(asking, false)}
          onClose={() => setAsking(null)}
        />
      )}
    </section>
  );
}
