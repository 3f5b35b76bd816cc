import type { LocalizedText } from '@sufra/shared/schemas/common';
import type { ServiceSwitchList } from '@sufra/shared/schemas/staff';
import type { Service } from '@sufra/shared/services';
import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { setQueryData } from '../../../lib/query-writes';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { SectionTitle } from '../../console/ui/page-header';
import { getServices } from '../api/get-services';
import { setService } from '../api/set-service';
import { SwitchOffDialog } from './switch-off-dialog';

/**
 * The brand's service switches (DESIGN §8): the whole brand, ordering and its types, loyalty and the other services.
 * Diners of a switched-off service are told it is unavailable; the change is the whole brand's, at once, so switching
 * one off asks first, naming what diners will see (issue 24 item 12). Switching on needs no confirmation.
 * A change is written into the switch history: its query is invalidated, so the list beside reloads.
 */
export function ServicesPanel({ brandName, titleLevel }: { brandName: LocalizedText; titleLevel?: 1 | 2 }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const key = ['staff', 'services', language];
  const query = useApiQuery(key, () => getServices(language), { staleMs: 0 });
  const list = query.data?.services ?? null;
  const loadError = query.error && !query.loading ? errorText(query.error, language) : null;
  const load = query.refetch;
  const change = useApiMutation(
    ({ service, isActive }: { service: Service; isActive: boolean }) => setService(service, isActive, language),
    { invalidates: [['staff', 'switch-history']] },
  );
  const saving = change.busy ? (change.variables?.service ?? null) : null;
  const failure = change.error ? errorText(change.error, language) : null;
  const [asking, setAsking] = useState<Service | null>(null);

  const toggle = async (service: Service, isActive: boolean) => {
    try {
      const answer: ServiceSwitchList = await change.mutate({ service, isActive });
      setQueryData(key, answer);
    } catch {
      // `failure` says why
    }
  };

  return (
    <section className="section services-admin__panel" aria-labelledby="services-heading" data-testid="services-panel">
      <SectionTitle id="services-heading" level={titleLevel}>
        {t('staff.services.title')}
      </SectionTitle>
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
