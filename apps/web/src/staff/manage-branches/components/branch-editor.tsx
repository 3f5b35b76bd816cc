import type { BranchManageBody, ManageBranch } from '@sufra/shared/schemas/branch-manage';
import type { GeocodePlace } from '@sufra/shared/schemas/geocoding';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useUnsavedChanges } from '../../console/hooks/use-unsaved-changes';
import { PageHeader } from '../../console/ui/page-header';
import { SaveBar, type SaveState } from '../../console/ui/save-bar';
import { saveBranch, searchPlaces } from '../api/manage-branches';
import { BranchMap, type LatLng, type Ring } from './branch-map';
import { SpecialDaysEditor, WeekHoursEditor } from './hours-editor';
import { ZonesPanel } from './zones-panel';

const TIME_ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Asia/Riyadh'];
  }
})();

/**
 * The API's bounds on a preparation time (shared PREPARATION_LIMITS, which the API checks) and a new branch's
 * (DEFAULT_PREPARATION), written out: importing shared/order-times here would make it a chunk shared with the
 * board, and every shared chunk costs the diner's first load a line (docs/adr/0500).
 */
const PREP = { base: { min: 0, max: 240 }, perItem: { min: 0, max: 30 } } as const;
const NEW_BRANCH_PREPARATION = { baseMinutes: 15, perItemMinutes: 1 };

function bodyOf(b: BranchManageBody): BranchManageBody {
  const { name, address, phone, location, timeZone, openingHours, specialDays, orderTypes } = b;
  return {
    name,
    address,
    phone,
    location,
    timeZone,
    openingHours,
    specialDays,
    orderTypes,
    dineInRadiusMeters: b.dineInRadiusMeters,
    isOpen: b.isOpen,
    paymentMethods: b.paymentMethods,
    preparation: b.preparation ?? NEW_BRANCH_PREPARATION,
  };
}

/** Address search (GET /api/geocode/): a place picked brings the map there; the pin is then placed by hand. */
function PlaceSearch({ near, onPick }: { near: LatLng; onPick: (place: GeocodePlace) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [q, setQ] = useState('');
  const [places, setPlaces] = useState<GeocodePlace[] | null>(null);
  const [busy, setBusy] = useState(false);
  const search = async () => {
    if (q.trim().length < 2) return;
    setBusy(true);
    try {
      setPlaces((await searchPlaces(q.trim(), near, language)).places);
    } catch {
      setPlaces([]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="manage-branches__search">
      <search>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            aria-label={t('manageBranches.map.search')}
            placeholder={t('manageBranches.map.searchPlaceholder')}
            data-testid="place-search"
          />
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {t('manageBranches.map.searchButton')}
          </button>
        </form>
      </search>
      {places && places.length === 0 && <p className="field__hint">{t('manageBranches.map.noPlaces')}</p>}
      {places && places.length > 0 && (
        <ul className="manage-branches__places" data-testid="place-results">
          {places.map((p) => (
            <li key={`${p.location.lat},${p.location.lng}`}>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => onPick(p)}>
                {p.name[language]} · {p.context[language]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One branch's editor (or a new branch's): its fields, hours and special days saved together from the version read
 * (a newer save answers 409 and both values show), and below, once it exists, its delivery zones on the map.
 */
export function BranchEditor({
  branch,
  initial,
  justCreated = false,
  onCreated,
}: {
  branch: ManageBranch | null;
  initial: BranchManageBody;
  /** Opened right after creating it: says "saved" until the next change. */
  justCreated?: boolean;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [saved, setSaved] = useState(() => bodyOf(initial));
  const [form, setForm] = useState(() => bodyOf(initial));
  const preparation = form.preparation ?? NEW_BRANCH_PREPARATION;
  const [version, setVersion] = useState(branch?.version ?? 1);
  const [conflict, setConflict] = useState<ManageBranch | null>(null);
  const [justSaved, setJustSaved] = useState(justCreated);
  const [editingZone, setEditingZone] = useState<number | 'new' | null>(null);
  const [ring, setRing] = useState<Ring | null>(null);
  const [focus, setFocus] = useState<LatLng | null>(null);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(saved), [form, saved]);
  useUnsavedChanges(dirty);
  const save = useApiMutation(
    (body: BranchManageBody) => saveBranch(branch?.id ?? null, branch ? { ...body, version } : body, language),
    // A new branch is in its creator's branches (the console's ['staff', 'me']: tables and ads list those).
    {
      invalidates: [
        ['staff', 'manage-branches'],
        ['staff', 'me'],
      ],
    },
  );

  const submit = async () => {
    setJustSaved(false);
    try {
      const result = await save.mutate(form);
      setSaved(bodyOf(result));
      setForm(bodyOf(result));
      setVersion(result.version);
      setConflict(null);
      setJustSaved(true);
      if (!branch) onCreated(result.id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.details?.current) {
        setConflict(error.details.current as ManageBranch);
      }
    }
  };
  const takeTheirs = () => {
    if (!conflict) return;
    setSaved(bodyOf(conflict));
    setForm(bodyOf(conflict));
    setVersion(conflict.version);
    setConflict(null);
  };

  const state: SaveState = save.busy
    ? 'saving'
    : conflict
      ? 'conflict'
      : dirty
        ? 'dirty'
        : justSaved
          ? 'saved'
          : 'clean';
  const error = save.error instanceof ApiError && save.error.status !== 409 ? save.error : null;
  const fieldError = (name: string) => error?.fields?.[name] ?? null;
  const set = (patch: Partial<BranchManageBody>) => {
    setJustSaved(false);
    setForm({ ...form, ...patch });
  };
  const busy = save.busy;
  const text = (key: 'name' | 'address', lang: 'ar' | 'en') => (
    <label className="field">
      <span className="field__label">{t(`manageBranches.fields.${key}_${lang}`)}</span>
      <input
        value={form[key][lang]}
        dir={lang === 'ar' ? 'rtl' : 'ltr'}
        disabled={busy}
        onChange={(e) => set({ [key]: { ...form[key], [lang]: e.target.value } })}
        data-testid={`branch-${key}-${lang}`}
      />
    </label>
  );

  return (
    <>
      <PageHeader
        title={branch ? branch.name[language] : t('manageBranches.new')}
        lead={<Link href="/">{t('manageBranches.back')}</Link>}
      />
      <div className="manage-branches__editor">
        <section className="manage-branches__card" aria-labelledby="branch-details">
          <h2 id="branch-details">{t('manageBranches.sections.details')}</h2>
          <div className="manage-branches__grid">
            {text('name', 'ar')}
            {text('name', 'en')}
            {text('address', 'ar')}
            {text('address', 'en')}
            <label className="field">
              <span className="field__label">{t('manageBranches.fields.phone')}</span>
              <input
                value={form.phone ?? ''}
                dir="ltr"
                inputMode="tel"
                disabled={busy}
                onChange={(e) => set({ phone: e.target.value || null })}
              />
            </label>
            <label className="field">
              <span className="field__label">{t('manageBranches.fields.timeZone')}</span>
              <select
                value={form.timeZone}
                disabled={busy}
                onChange={(e) => set({ timeZone: e.target.value })}
                aria-invalid={fieldError('timeZone') ? true : undefined}
              >
                {TIME_ZONES.map((zone) => (
                  <option key={zone} value={zone} dir="ltr">
                    {zone}
                  </option>
                ))}
              </select>
              {fieldError('timeZone') && <span className="field__error">{fieldError('timeZone')}</span>}
            </label>
          </div>
          <fieldset className="manage-branches__checks">
            <legend>{t('manageBranches.fields.orderTypes')}</legend>
            {(['dineIn', 'pickup', 'delivery'] as const).map((type) => (
              <label key={type} className="manage-branches__check">
                <input
                  type="checkbox"
                  checked={form.orderTypes[type]}
                  disabled={busy}
                  onChange={(e) => set({ orderTypes: { ...form.orderTypes, [type]: e.target.checked } })}
                />
                {t(`manageBranches.orderTypes.${type}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="manage-branches__checks">
            <legend>{t('manageBranches.fields.payments')}</legend>
            {(['cash', 'card'] as const).map((method) => (
              <label key={method} className="manage-branches__check">
                <input
                  type="checkbox"
                  checked={form.paymentMethods[method]}
                  disabled={busy}
                  onChange={(e) => set({ paymentMethods: { ...form.paymentMethods, [method]: e.target.checked } })}
                />
                {t(`manageBranches.payments.${method}`)}
              </label>
            ))}
          </fieldset>
          <div className="manage-branches__grid">
            <label className="field">
              <span className="field__label">{t('manageBranches.fields.radius')}</span>
              <input
                type="number"
                min={10}
                max={5000}
                value={form.dineInRadiusMeters}
                disabled={busy}
                onChange={(e) => set({ dineInRadiusMeters: Number(e.target.value) })}
              />
            </label>
            <label className="field">
              <span className="field__label">{t('manageBranches.fields.prepBase')}</span>
              <input
                type="number"
                min={PREP.base.min}
                max={PREP.base.max}
                value={preparation.baseMinutes}
                disabled={busy}
                aria-describedby="prep-hint"
                data-testid="branch-prep-base"
                onChange={(e) => set({ preparation: { ...preparation, baseMinutes: Number(e.target.value) } })}
              />
            </label>
            <label className="field">
              <span className="field__label">{t('manageBranches.fields.prepPerItem')}</span>
              <input
                type="number"
                min={PREP.perItem.min}
                max={PREP.perItem.max}
                value={preparation.perItemMinutes}
                disabled={busy}
                aria-describedby="prep-hint"
                data-testid="branch-prep-per-item"
                onChange={(e) => set({ preparation: { ...preparation, perItemMinutes: Number(e.target.value) } })}
              />
            </label>
            <p id="prep-hint" className="field__hint">
              {t('manageBranches.fields.prepHint')}
            </p>
            <label className="manage-branches__check manage-branches__switch">
              <input
                type="checkbox"
                role="switch"
                aria-checked={form.isOpen}
                checked={form.isOpen}
                disabled={busy}
                onChange={(e) => set({ isOpen: e.target.checked })}
                data-testid="branch-open-switch"
              />
              {t('manageBranches.fields.isOpen')}
            </label>
          </div>
        </section>

        <section className="manage-branches__card" aria-labelledby="branch-hours">
          <h2 id="branch-hours">{t('manageBranches.hours.title')}</h2>
          <p className="field__hint">{t('manageBranches.hours.hint')}</p>
          <WeekHoursEditor
            hours={form.openingHours}
            disabled={busy}
            onChange={(openingHours) => set({ openingHours })}
          />
          <h3>{t('manageBranches.special.title')}</h3>
          <SpecialDaysEditor days={form.specialDays} disabled={busy} onChange={(specialDays) => set({ specialDays })} />
          {fieldError('specialDays') && <p className="form-alert">{fieldError('specialDays')}</p>}
        </section>

        <section className="manage-branches__card manage-branches__map-card" aria-labelledby="branch-map-title">
          <h2 id="branch-map-title">{t('manageBranches.map.title')}</h2>
          <p className="field__hint">{t('manageBranches.map.hint')}</p>
          <PlaceSearch near={form.location} onPick={(p) => setFocus(p.location)} />
          <BranchMap
            location={form.location}
            onLocation={(location) => set({ location })}
            zones={branch?.zones ?? []}
            editing={editingZone}
            onOutline={setRing}
            focus={focus}
            preview={editingZone === 'new' ? ring : null}
          />
          {branch ? (
            <ZonesPanel
              key={String(editingZone)}
              branchId={branch.id}
              zones={branch.zones}
              editing={editingZone}
              ring={ring}
              onEditing={(zone) => {
                setRing(null);
                setEditingZone(zone);
              }}
            />
          ) : (
            <p className="field__hint">{t('manageBranches.zones.afterCreate')}</p>
          )}
        </section>
      </div>
      <SaveBar
        state={state}
        onSave={submit}
        onDiscard={() => setForm(saved)}
        onReload={takeTheirs}
        error={error?.message ?? null}
        conflict={
          conflict && (
            <p data-testid="branch-conflict">
              {t('manageBranches.conflict', { name: conflict.name[language], version: String(conflict.version) })}
            </p>
          )
        }
      />
    </>
  );
}
