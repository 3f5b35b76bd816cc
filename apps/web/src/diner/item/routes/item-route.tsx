import { errorMessage } from '@sufra/shared/messages/errors';
import { formatSar } from '@sufra/shared/money';
import type { ItemResponse } from '@sufra/shared/schemas/menu';
import { Link, useParams } from 'wouter';
import { AppImage } from '../../../components/ui/app-image';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { paths } from '../../../config/paths';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useItem } from '../api/get-item';
import { useItemByName } from '../api/get-item-by-name';
import { ComboSlotFieldset } from '../components/combo-slot-fieldset';
import { ModifierGroupFieldset } from '../components/modifier-group-fieldset';
import { useItemSelection } from '../hooks/use-item-selection';
import { selectedIn, toggleOption } from '../item-selection';
import './item.css';

/** /items/{uuid}/{id}/{name} and /items/{uuid}/{name}: fetches its own data, so a deep link or reload works. */
export default function ItemRoute() {
  const { uuid = '', id, name } = useParams();
  const language = useLanguage();
  const numericId = id !== undefined && /^\d+$/.test(id) ? Number(id) : undefined;
  const byId = useItem(id !== undefined ? uuid : undefined, numericId, language);
  const byName = useItemByName(id === undefined ? uuid : undefined, name, language);
  const query = id !== undefined ? byId : byName;

  if (id !== undefined && numericId === undefined) {
    // A tampered id can't name any item: say so as the API would, without asking it.
    return <ItemProblem uuid={uuid} message={errorMessage('item_not_found', language)} />;
  }
  if (query.error && !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <ItemProblem
        uuid={uuid}
        message={errorText(query.error, language)}
        onRetry={notFound ? undefined : query.refetch}
      />
    );
  }
  if (!query.data) return <ItemSkeleton />;
  // Keyed by item so choices reset when the diner moves to another item.
  return <ItemDetail key={`${query.data.item.id}:${language}`} uuid={uuid} data={query.data} />;
}

function ItemProblem({
  uuid,
  message,
  onRetry,
}: {
  uuid: string;
  message: string;
  onRetry?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="state-box" role="alert">
      <h1 className="state-box__title">{message}</h1>
      {onRetry && (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {t('app.retry')}
        </button>
      )}
      <Link to={paths.menu.build(uuid)} className="btn btn-primary">
        {t('item.backToMenu')}
      </Link>
    </div>
  );
}

function ItemSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="item-page" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('app.loading')}
      </span>
      <div className="item-page__image skeleton" />
      <div className="item-page__body">
        <div className="skeleton skeleton--heading" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}

function ItemDetail({ uuid, data }: { uuid: string; data: ItemResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const sel = useItemSelection(uuid, data);
  const { item, groups, slots, products, slotChoices, setSlotChoices, selection, setSelection } = sel;
  const { tried, missingGroups, missingSlots, ready, total, problems, quantity, setQuantity, submit } = sel;

  return (
    <article className="item-page">
      <title>{item.name}</title>
      <AppImage src={item.image} alt={item.name} width={640} height={400} className="item-page__image" priority />
      <div className="item-page__body">
        <h1 className="item-page__title">{item.name}</h1>
        {item.combo && <span className="badge badge--muted">{t('item.combo')}</span>}
        {item.description && <p className="item-page__description">{item.description}</p>}
        <p className="item-page__facts">
          <span className="item-page__price">{formatSar(item.priceHalalas, language)}</span>
          {item.calories != null && (
            <span className="item-page__calories">
              {t('menu.calories', { count: item.calories, formatted: formatNumber(item.calories, language) })}
            </span>
          )}
        </p>
        {!item.available && (
          <p className="notice notice--warning" role="note">
            {t('item.soldOut')}
          </p>
        )}

        <form className="item-form" onSubmit={submit} noValidate>
          {slots.map((slot) => (
            <ComboSlotFieldset
              key={`slot-${slot.id}`}
              slot={slot}
              products={products}
              chosen={slotChoices[slot.id]}
              onChoose={(itemId) => setSlotChoices((c) => ({ ...c, [slot.id]: itemId }))}
              invalid={tried && missingSlots.includes(slot)}
            />
          ))}
          {groups.map((group) => (
            <ModifierGroupFieldset
              key={`group-${group.id}`}
              group={group}
              selected={selectedIn(selection, group.id)}
              onToggle={(optionId) => setSelection((s) => toggleOption(s, group, optionId))}
              invalid={tried && missingGroups.includes(group)}
            />
          ))}

          <div className="item-actions">
            {item.available && problems.length > 0 && (
              <div id="item-problems" className="item-actions__problems" aria-live="polite">
                {problems.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            )}
            <div className="item-actions__row">
              <QuantityStepper value={quantity} onChange={setQuantity} />
              <button
                type="submit"
                className="btn btn-primary item-actions__add"
                data-testid="add-to-cart"
                disabled={!ready}
                aria-describedby={problems.length > 0 ? 'item-problems' : undefined}
              >
                <span>{t('item.addToCart')}</span>
                <span className="item-actions__total">{formatSar(total, language)}</span>
              </button>
            </div>
          </div>
        </form>
      </div>
    </article>
  );
}
