import type { Language } from '@sufra/shared/language';
import type { ManagePopup, ManageSlide } from '@sufra/shared/schemas/manage-ads';
import { type FormEvent, useId, useState } from 'react';
import { AdSlider } from '../../../components/ads/ad-slider';
import { PopupDialog } from '../../../components/ads/popup-dialog';
import { ApiError, errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsolePageProps } from '../../console/console-pages';
import { adsKey, savePopup, saveSlide, uploadAdImage } from '../api/manage-ads';

export type Kind = 'popup' | 'slide';
export type Editing = { kind: Kind; ad: ManagePopup | ManageSlide | null } | null;
const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** An instant as the `datetime-local` control shows it (the browser's zone), and back. */
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (value: string) => (value ? new Date(value).toISOString() : null);

export function AdForm({
  editing,
  user,
  onDone,
}: {
  editing: NonNullable<Editing>;
  user: ConsolePageProps['user'];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const { kind } = editing;
  const popup = kind === 'popup' ? (editing.ad as ManagePopup | null) : null;
  const slide = kind === 'slide' ? (editing.ad as ManageSlide | null) : null;
  const ad = editing.ad;
  const [branchId, setBranchId] = useState<number | null>(ad ? ad.branchId : (user.branches[0]?.id ?? null));
  const [textAr, setTextAr] = useState(popup?.textAr ?? slide?.titleAr ?? '');
  const [textEn, setTextEn] = useState(popup?.textEn ?? slide?.titleEn ?? '');
  const [buttonAr, setButtonAr] = useState(popup?.buttonTextAr ?? '');
  const [buttonEn, setButtonEn] = useState(popup?.buttonTextEn ?? '');
  const [link, setLink] = useState(popup?.redirectUrl ?? slide?.redirectUrl ?? '');
  const [image, setImage] = useState(popup?.backgroundImage ?? slide?.image ?? '');
  const [startsAt, setStartsAt] = useState(toLocal(ad?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(toLocal(ad?.endsAt ?? null));
  const [days, setDays] = useState<number[]>(ad?.daysOfWeek ?? [...DAYS]);
  const [sort, setSort] = useState(String(ad?.sort ?? 0));
  const [active, setActive] = useState(ad?.active ?? true);
  const [version, setVersion] = useState(ad?.version);
  const [preview, setPreview] = useState<Language | null>(null);
  const upload = useApiMutation((file: File) => uploadAdImage(file, language));
  const save = useApiMutation<void, ManagePopup | ManageSlide>(
    () => {
      const schedule = {
        branchId,
        active,
        startsAt: fromLocal(startsAt),
        endsAt: fromLocal(endsAt),
        daysOfWeek: days,
        sort: Number(sort) || 0,
      };
      const withVersion = version === undefined ? {} : { version };
      return kind === 'popup'
        ? savePopup(
            ad?.id ?? null,
            {
              ...schedule,
              backgroundImage: image,
              textAr,
              textEn,
              buttonTextAr: buttonAr,
              buttonTextEn: buttonEn,
              redirectUrl: link,
              ...withVersion,
            },
            language,
          )
        : saveSlide(
            ad?.id ?? null,
            { ...schedule, image, titleAr: textAr, titleEn: textEn, redirectUrl: link || null, ...withVersion },
            language,
          );
    },
    { invalidates: [adsKey] },
  );
  const conflict = save.error instanceof ApiError && save.error.code === 'ad_changed';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutate();
      onDone();
    } catch {
      // Shown below.
    }
  };
  const field = (
    key: string,
    label: string,
    value: string,
    set: (v: string) => void,
    extra: Record<string, unknown> = {},
  ) => (
    <div className="manage-ads__field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} className="input" value={value} onChange={(e) => set(e.target.value)} {...extra} />
    </div>
  );
  return (
    <form className="manage-ads__form" onSubmit={submit} data-testid="ad-form">
      <h2>{t(kind === 'popup' ? 'console.ads.popupForm' : 'console.ads.slideForm')}</h2>
      <div className="manage-ads__field">
        <label htmlFor={`${id}-scope`}>{t('console.ads.scope')}</label>
        <select
          id={`${id}-scope`}
          className="input"
          value={branchId ?? ''}
          onChange={(e) => setBranchId(e.target.value ? Number(e.target.value) : null)}
        >
          {user.role === 'owner' && <option value="">{t('console.ads.allBranches')}</option>}
          {user.branches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name[language]}
            </option>
          ))}
        </select>
      </div>
      {field('text-ar', t(kind === 'popup' ? 'console.ads.textAr' : 'console.ads.titleAr'), textAr, setTextAr, {
        required: true,
        maxLength: 200,
        dir: 'rtl',
        lang: 'ar',
      })}
      {field('text-en', t(kind === 'popup' ? 'console.ads.textEn' : 'console.ads.titleEn'), textEn, setTextEn, {
        required: true,
        maxLength: 200,
        dir: 'ltr',
        lang: 'en',
      })}
      {kind === 'popup' &&
        field('button-ar', t('console.ads.buttonAr'), buttonAr, setButtonAr, {
          required: true,
          maxLength: 40,
          dir: 'rtl',
          lang: 'ar',
        })}
      {kind === 'popup' &&
        field('button-en', t('console.ads.buttonEn'), buttonEn, setButtonEn, {
          required: true,
          maxLength: 40,
          dir: 'ltr',
          lang: 'en',
        })}
      {field('link', t('console.ads.link'), link, setLink, {
        type: 'url',
        required: kind === 'popup',
        dir: 'ltr',
        placeholder: 'https://',
      })}
      <div className="manage-ads__field">
        <label htmlFor={`${id}-image`}>{t('console.ads.image')}</label>
        <input
          id={`${id}-image`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          disabled={upload.busy}
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
        {image && <img src={image} alt="" className="manage-ads__thumb" />}
        {upload.error ? (
          <p className="form-alert" role="alert">
            {errorText(upload.error, language)}
          </p>
        ) : null}
      </div>
      {field('starts', t('console.ads.starts'), startsAt, setStartsAt, { type: 'datetime-local' })}
      {field('ends', t('console.ads.ends'), endsAt, setEndsAt, { type: 'datetime-local' })}
      <fieldset className="manage-ads__days">
        <legend>{t('console.ads.days')}</legend>
        {DAYS.map((d) => (
          <label key={d}>
            <input
              type="checkbox"
              checked={days.includes(d)}
              onChange={(e) => setDays(e.target.checked ? [...days, d].sort() : days.filter((x) => x !== d))}
            />
            {t(`console.ads.day.${d}`)}
          </label>
        ))}
      </fieldset>
      {field('sort', t('console.ads.sort'), sort, setSort, { type: 'number', min: 0, max: 9999 })}
      <label className="manage-ads__check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        {t('console.ads.active')}
      </label>
      <div className="manage-ads__buttons">
        <button type="button" className="btn btn-secondary" disabled={!image} onClick={() => setPreview('ar')}>
          {t('console.ads.previewAr')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={!image} onClick={() => setPreview('en')}>
          {t('console.ads.previewEn')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={save.busy || upload.busy || !image || days.length === 0}
          data-testid="ad-save"
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
              {t('console.ads.keepMine')}
            </button>
          )}
        </div>
      ) : null}
      {preview && kind === 'popup' && (
        <div lang={preview} dir={preview === 'ar' ? 'rtl' : 'ltr'}>
          <PopupDialog
            popup={{
              id: 0,
              background_image: image,
              popup_text: preview === 'ar' ? textAr : textEn,
              button_text: preview === 'ar' ? buttonAr : buttonEn,
              redirect_url: link || '#',
            }}
            utmSource={null}
            onClose={() => setPreview(null)}
          />
        </div>
      )}
      {preview && kind === 'slide' && (
        <div
          className="manage-ads__preview"
          lang={preview}
          dir={preview === 'ar' ? 'rtl' : 'ltr'}
          data-testid="ad-preview"
        >
          <AdSlider
            slides={[
              {
                id: 0,
                image,
                width: 1600,
                height: 800,
                title: preview === 'ar' ? textAr : textEn,
                redirect_url: link || null,
              },
            ]}
          />
          <button type="button" className="btn btn-secondary" onClick={() => setPreview(null)}>
            {t('console.confirm.cancel')}
          </button>
        </div>
      )}
    </form>
  );
}
