import { REWARD_KINDS, REWARD_SHOPS, type RewardKind, type RewardShop } from '@sufra/shared/loyalty/rewards';
import type { ManageReward, RewardBody } from '@sufra/shared/schemas/manage-rewards';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { formatList } from '../../../lib/format-list';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import {
  listMenuForRewards,
  rewardItemsKey,
  rewardsPrefix,
  saveReward,
  uploadRewardImage,
} from '../api/manage-rewards';

/** An instant as the `datetime-local` control shows it (the browser's zone), and back. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (value: string) => (value ? new Date(value).toISOString() : null);
/** An optional whole number typed in a box: empty is null. */
const whole = (value: string) => (value.trim() === '' ? null : Math.round(Number(value)));
/** SAR typed with up to two decimals, to halalas. */
const halalas = (value: string) => (value.trim() === '' ? null : Math.round(Number(value) * 100));
const sar = (h: number | null) => (h === null ? '' : String(h / 100));

/** The editor of one reward (new or existing): both languages' names and descriptions, photo, kind's own fields. */
export function RewardForm({
  reward,
  shop: initialShop,
  user,
  onDone,
}: {
  reward: ManageReward | null;
  shop: RewardShop;
  user: ConsolePageProps['user'];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [shop, setShop] = useState<RewardShop>(reward?.shop ?? initialShop);
  const [kind, setKind] = useState<RewardKind>(reward?.kind ?? 'fixed');
  const [nameAr, setNameAr] = useState(reward?.nameAr ?? '');
  const [nameEn, setNameEn] = useState(reward?.nameEn ?? '');
  const [descriptionAr, setDescriptionAr] = useState(reward?.descriptionAr ?? '');
  const [descriptionEn, setDescriptionEn] = useState(reward?.descriptionEn ?? '');
  const [image, setImage] = useState<string | null>(reward?.image ?? null);
  const [price, setPrice] = useState(reward?.pointsCost?.toString() ?? '');
  const [itemId, setItemId] = useState<number | null>(reward?.itemId ?? null);
  const [percent, setPercent] = useState(reward?.percentBasisPoints ? String(reward.percentBasisPoints / 100) : '');
  const [cap, setCap] = useState(sar(reward?.maxDiscountHalalas ?? null));
  const [amount, setAmount] = useState(sar(reward?.amountHalalas ?? null));
  const [validDays, setValidDays] = useState(reward?.validDays?.toString() ?? '30');
  const [stock, setStock] = useState(reward?.stock?.toString() ?? '');
  const [from, setFrom] = useState(toLocal(reward?.activeFrom ?? null));
  const [until, setUntil] = useState(toLocal(reward?.activeUntil ?? null));
  const [branchIds, setBranchIds] = useState<number[] | null>(
    reward ? reward.branchIds : user.role === 'owner' ? null : user.branches.map((b) => b.id),
  );
  const [position, setPosition] = useState(String(reward?.position ?? 0));
  const [version, setVersion] = useState(reward?.version);
  const menu = useApiQuery(kind === 'free_item' ? rewardItemsKey(language) : null, () => listMenuForRewards(language));
  const upload = useApiMutation((file: File) => uploadRewardImage(file, language));
  const save = useApiMutation<void, ManageReward>(
    () => {
      const body: RewardBody = {
        shop,
        kind,
        nameAr,
        nameEn,
        descriptionAr,
        descriptionEn,
        image,
        pointsCost: whole(price),
        itemId: kind === 'free_item' ? itemId : null,
        percentBasisPoints: kind === 'percent' && percent ? Math.round(Number(percent) * 100) : null,
        maxDiscountHalalas: kind === 'percent' ? halalas(cap) : null,
        amountHalalas: kind === 'fixed' ? halalas(amount) : null,
        validDays: whole(validDays),
        branchIds,
        stock: whole(stock),
        activeFrom: fromLocal(from),
        activeUntil: fromLocal(until),
        position: whole(position) ?? 0,
      };
      return saveReward(reward?.id ?? null, version === undefined ? body : { ...body, version }, language);
    },
    { invalidates: [rewardsPrefix] },
  );
  const conflict = save.error instanceof ApiError && save.error.code === 'reward_changed';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutate();
      onDone();
    } catch {
      // Shown below.
    }
  };
  const required = () => {
    const item = menu.data?.items.find((i) => i.id === itemId);
    if (!item || !menu.data) return null;
    const groups = menu.data.modifierGroups.filter((g) => g.min > 0 && item.modifierGroupIds.includes(g.id));
    return groups.length
      ? t('manageRewards.form.requiredChoices', {
          groups: formatList(
            groups.map((g) => g.name[language]),
            language,
          ),
        })
      : t('manageRewards.form.noRequiredChoices');
  };
  const field = (
    key: string,
    label: string,
    value: string,
    set: (v: string) => void,
    extra: Record<string, unknown> = {},
    hint?: string,
  ) => (
    <div className="manage-rewards__field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="input"
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
        {...extra}
      />
      {hint && (
        <small id={`${id}-${key}-hint`} className="manage-rewards__hint">
          {hint}
        </small>
      )}
    </div>
  );
  const rtl = { dir: 'rtl', lang: 'ar' };
  const ltr = { dir: 'ltr', lang: 'en' };
  return (
    <form className="manage-rewards__form" onSubmit={submit} data-testid="reward-form">
      <h2>{t(reward ? 'manageRewards.form.editTitle' : 'manageRewards.form.newTitle')}</h2>
      <div className="manage-rewards__field">
        <label htmlFor={`${id}-shop`}>{t('manageRewards.form.shop')}</label>
        <select
          id={`${id}-shop`}
          className="input"
          value={shop}
          onChange={(e) => setShop(e.target.value as RewardShop)}
        >
          {REWARD_SHOPS.map((s) => (
            <option key={s} value={s}>
              {t(`manageRewards.tabs.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="manage-rewards__field">
        <label htmlFor={`${id}-kind`}>{t('manageRewards.form.kind')}</label>
        <select
          id={`${id}-kind`}
          className="input"
          value={kind}
          onChange={(e) => setKind(e.target.value as RewardKind)}
          data-testid="reward-kind"
        >
          {REWARD_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`manageRewards.kind.${k}`)}
            </option>
          ))}
        </select>
      </div>
      {field('name-ar', t('manageRewards.form.nameAr'), nameAr, setNameAr, { required: true, maxLength: 120, ...rtl })}
      {field('name-en', t('manageRewards.form.nameEn'), nameEn, setNameEn, { required: true, maxLength: 120, ...ltr })}
      {field('desc-ar', t('manageRewards.form.descriptionAr'), descriptionAr, setDescriptionAr, {
        maxLength: 500,
        ...rtl,
      })}
      {field('desc-en', t('manageRewards.form.descriptionEn'), descriptionEn, setDescriptionEn, {
        maxLength: 500,
        ...ltr,
      })}
      <div className="manage-rewards__field">
        <label htmlFor={`${id}-photo`}>{t('manageRewards.form.photo')}</label>
        <input
          id={`${id}-photo`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={upload.busy}
          data-testid="reward-photo"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            try {
              setImage((await upload.mutate(file)).path);
            } catch {
              // Shown below.
            }
          }}
        />
        {image && <img src={image} alt="" className="manage-rewards__thumb" data-testid="reward-photo-preview" />}
        {upload.error ? (
          <p className="form-alert" role="alert">
            {errorText(upload.error, language)}
          </p>
        ) : null}
      </div>
      {field(
        'price',
        t('manageRewards.form.price'),
        price,
        setPrice,
        { type: 'number', min: 1, required: shop === 'points', inputMode: 'numeric' },
        shop === 'prize' ? t('manageRewards.form.priceHint') : undefined,
      )}
      {kind === 'free_item' && (
        <div className="manage-rewards__field">
          <label htmlFor={`${id}-item`}>{t('manageRewards.form.item')}</label>
          <select
            id={`${id}-item`}
            className="input"
            required
            value={itemId ?? ''}
            onChange={(e) => setItemId(e.target.value ? Number(e.target.value) : null)}
            aria-describedby={`${id}-item-hint`}
          >
            <option value="">{t('manageRewards.form.chooseItem')}</option>
            {menu.data?.items.map((i) => (
              <option key={i.id} value={i.id}>
                {i.name[language]}
              </option>
            ))}
          </select>
          <small id={`${id}-item-hint`} className="manage-rewards__hint">
            {required()}
          </small>
        </div>
      )}
      {kind === 'percent' &&
        field('percent', t('manageRewards.form.percent'), percent, setPercent, {
          type: 'number',
          min: 0.01,
          max: 100,
          step: 0.01,
          required: true,
        })}
      {kind === 'percent' &&
        field('cap', t('manageRewards.form.cap'), cap, setCap, { type: 'number', min: 0.01, step: 0.01 })}
      {kind === 'fixed' &&
        field('amount', t('manageRewards.form.amount'), amount, setAmount, {
          type: 'number',
          min: 0.01,
          step: 0.01,
          required: true,
        })}
      {kind === 'gift' && <p className="manage-rewards__hint">{t('manageRewards.form.perkHint')}</p>}
      {field(
        'valid',
        t('manageRewards.form.validDays'),
        validDays,
        setValidDays,
        { type: 'number', min: 1, max: 3650 },
        t('manageRewards.form.validHint'),
      )}
      {field(
        'stock',
        t('manageRewards.form.stock'),
        stock,
        setStock,
        { type: 'number', min: reward?.issuedCount ?? 0 },
        t('manageRewards.form.stockHint', { count: reward?.issuedCount ?? 0 }),
      )}
      {field('from', t('manageRewards.form.from'), from, setFrom, { type: 'datetime-local' })}
      {field('until', t('manageRewards.form.until'), until, setUntil, { type: 'datetime-local' })}
      {field('position', t('manageRewards.form.position'), position, setPosition, {
        type: 'number',
        min: 0,
        max: 9999,
      })}
      <fieldset className="manage-rewards__branches">
        <legend>{t('manageRewards.form.branches')}</legend>
        {user.role === 'owner' && (
          <label>
            <input
              type="checkbox"
              checked={branchIds === null}
              onChange={(e) => setBranchIds(e.target.checked ? null : [])}
            />
            {t('manageRewards.form.everyBranch')}
          </label>
        )}
        {user.branches.map((b) => (
          <label key={b.id}>
            <input
              type="checkbox"
              disabled={branchIds === null}
              checked={branchIds === null || branchIds.includes(b.id)}
              onChange={(e) =>
                setBranchIds(
                  e.target.checked ? [...(branchIds ?? []), b.id] : (branchIds ?? []).filter((x) => x !== b.id),
                )
              }
            />
            {b.name[language]}
          </label>
        ))}
      </fieldset>
      <div className="manage-rewards__buttons">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={save.busy || upload.busy || (branchIds !== null && branchIds.length === 0)}
          data-testid="reward-save"
        >
          {save.busy ? t('console.save.saving') : t('console.save.save')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={save.busy} onClick={onDone}>
          {t('console.confirm.cancel')}
        </button>
      </div>
      {save.error ? (
        <div className="form-alert" role="alert">
          <p>{errorText(save.error, language)}</p>
          {conflict && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                const current = (save.error as ApiError).details?.current as { version?: number } | undefined;
                setVersion(current?.version);
                save.reset();
              }}
            >
              {t('manageRewards.form.keepMine')}
            </button>
          )}
        </div>
      ) : null}
    </form>
  );
}
