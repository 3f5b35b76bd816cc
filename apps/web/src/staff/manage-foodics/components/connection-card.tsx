import { FOODICS_CALLBACK_OUTCOMES } from '@sufra/shared/schemas/foodics';
import { useState } from 'react';
import { LoadError } from '../../../components/ui/load-state';
import { errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { ConfirmDialog } from '../../console/ui/confirm-dialog';
import {
  disconnectFoodics,
  foodicsConnectionKey,
  getFoodicsConnection,
  startFoodicsConnection,
} from '../api/foodics-connection';

type Outcome = (typeof FOODICS_CALLBACK_OUTCOMES)[number];

/** What Foodics' redirect said (`?foodics=` on this page), once. */
function outcomeOf(search: string): Outcome | null {
  const value = new URLSearchParams(search).get('foodics');
  return (FOODICS_CALLBACK_OUTCOMES as readonly string[]).includes(value ?? '') ? (value as Outcome) : null;
}

function formatDate(iso: string, language: 'ar' | 'en'): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
    dateStyle: 'medium',
    timeStyle: 'short',
    calendar: 'gregory',
    timeZone: 'Asia/Riyadh',
  }).format(new Date(iso));
}

/**
 * The brand's Foodics connection (owners, docs/adr/0650): the business it is connected to and how (the owner's
 * sign-in at Foodics, or the server's token), "Connect to Foodics" (OAuth 2: the browser goes to Foodics and comes
 * back here), and disconnect behind a confirm.
 */
export function FoodicsConnectionCard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [outcome, setOutcome] = useState(() => outcomeOf(window.location.search));
  const connection = useApiQuery([...foodicsConnectionKey, language], () => getFoodicsConnection(language));
  const connect = useApiMutation(() => startFoodicsConnection(language));
  const disconnect = useApiMutation(() => disconnectFoodics(language), { invalidates: [foodicsConnectionKey] });
  const [confirming, setConfirming] = useState(false);
  const view = connection.data;

  return (
    <section
      className="card manage-foodics__connection"
      aria-labelledby="foodics-connection-title"
      data-testid="foodics-connection"
    >
      <h2 id="foodics-connection-title">{t('manageFoodics.connection.title')}</h2>
      {outcome && (
        <p
          className={`notice ${outcome === 'connected' ? 'notice--info' : 'notice--warning'}`}
          role={outcome === 'connected' ? 'status' : 'alert'}
          data-testid="foodics-connection-outcome"
        >
          {t(`manageFoodics.connection.outcomes.${outcome}`)}{' '}
          <button type="button" className="btn btn-small btn-secondary" onClick={() => setOutcome(null)}>
            {t('manageFoodics.connection.dismiss')}
          </button>
        </p>
      )}
      {connection.error !== undefined && <LoadError error={connection.error} onRetry={connection.refetch} />}
      {connection.loading && !view && (
        <div role="status">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="skeleton skeleton--block" />
        </div>
      )}
      {view && (
        <>
          {view.connected ? (
            <dl className="manage-foodics__facts" data-testid="foodics-connection-facts">
              <div>
                <dt>{t('manageFoodics.connection.business')}</dt>
                <dd data-testid="foodics-business">{view.businessName ?? '—'}</dd>
              </div>
              <div>
                <dt>{t('manageFoodics.connection.reference')}</dt>
                <dd>
                  {/* An identifier, not an amount: no grouping. */}
                  {view.businessReference === null
                    ? '—'
                    : new Intl.NumberFormat(language === 'ar' ? 'ar-SA' : 'en-SA', { useGrouping: false }).format(
                        view.businessReference,
                      )}
                </dd>
              </div>
              <div>
                <dt>{t('manageFoodics.connection.via')}</dt>
                <dd>{view.via ? t(`manageFoodics.connection.vias.${view.via}`) : '—'}</dd>
              </div>
              {view.connectedAt && (
                <div>
                  <dt>{t('manageFoodics.connection.since')}</dt>
                  <dd>{formatDate(view.connectedAt, language)}</dd>
                </div>
              )}
            </dl>
          ) : (
            <p data-testid="foodics-not-connected">{t('manageFoodics.connection.notConnected')}</p>
          )}
          {!view.oauthAvailable && <p className="console-muted">{t('manageFoodics.connection.oauthOff')}</p>}
          {connect.error !== undefined && (
            <p className="form-alert" role="alert">
              {errorText(connect.error, language)}
            </p>
          )}
          <div className="manage-foodics__connection-actions">
            {view.oauthAvailable && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={connect.busy}
                aria-busy={connect.busy || undefined}
                data-testid="foodics-connect"
                onClick={() => {
                  connect.mutate().then(
                    ({ url }) => window.location.assign(url),
                    () => {},
                  );
                }}
              >
                {connect.busy
                  ? t('manageFoodics.connection.connecting')
                  : view.via === 'oauth'
                    ? t('manageFoodics.connection.reconnect')
                    : t('manageFoodics.connection.connect')}
              </button>
            )}
            {view.connected && view.via === 'oauth' && (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={disconnect.busy}
                data-testid="foodics-disconnect"
                onClick={() => {
                  disconnect.reset();
                  setConfirming(true);
                }}
              >
                {t('manageFoodics.connection.disconnect')}
              </button>
            )}
          </div>
        </>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('manageFoodics.connection.disconnectTitle')}
          confirmLabel={t('manageFoodics.connection.disconnect')}
          busy={disconnect.busy}
          error={disconnect.error !== undefined ? errorText(disconnect.error, language) : null}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            disconnect.mutate().then(
              () => setConfirming(false),
              () => {},
            );
          }}
        >
          <p>{t('manageFoodics.connection.disconnectBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
