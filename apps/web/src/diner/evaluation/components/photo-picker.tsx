import { MAX_EVALUATION_PHOTOS, MAX_PHOTO_BYTES } from '@sufra/shared/evaluation/answers';
import { useEffect, useId, useMemo } from 'react';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

/**
 * Up to two photos: picked with the phone's camera or gallery, shown as thumbnails, each removable. More than two,
 * or a file over the size cap, is refused here with the server's own words before anything is sent.
 */
export function PhotoPicker({
  photos,
  onChange,
  error,
  onError,
}: {
  photos: File[];
  onChange: (photos: File[]) => void;
  error: string | null;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const full = photos.length >= MAX_EVALUATION_PHOTOS;

  // Checked before anything is sent: a file over the cap refuses the whole pick; past two photos, the first two stay.
  const add = (picked: File[]) => {
    if (picked.some((file) => file.size > MAX_PHOTO_BYTES)) {
      onError(t('evaluation.photoTooLarge'));
      return;
    }
    const next = [...photos, ...picked];
    if (next.length > MAX_EVALUATION_PHOTOS) {
      onError(t('evaluation.tooManyPhotos'));
      onChange(next.slice(0, MAX_EVALUATION_PHOTOS));
      return;
    }
    onError(null);
    onChange(next);
  };

  return (
    <fieldset className="evaluation-question" data-testid="photo-picker">
      <legend className="field__label">{t('evaluation.photosLabel')}</legend>
      <p className="field__hint">{t('evaluation.photosHint')}</p>
      {photos.length > 0 && (
        <PhotoThumbnails
          photos={photos}
          onRemove={(index) => {
            onError(null);
            onChange(photos.filter((_, i) => i !== index));
          }}
        />
      )}
      <label htmlFor={inputId} className="btn btn-secondary photo-picker__add" aria-disabled={full || undefined}>
        {t('evaluation.addPhotos')}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={full}
        className="visually-hidden"
        data-testid="photo-input"
        onChange={(event) => {
          const picked = [...(event.target.files ?? [])];
          event.target.value = '';
          add(picked);
        }}
      />
      {error && (
        <p className="field__error" role="alert" data-testid="photo-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The picked photos as thumbnails (object URLs, revoked when the photos change), each with its remove button. */
function PhotoThumbnails({ photos, onRemove }: { photos: File[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const previews = useMemo(() => photos.map((p) => URL.createObjectURL(p)), [photos]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );
  return (
    <ul className="photo-picker__list">
      {previews.map((preview, index) => (
        <li key={preview} className="photo-picker__item">
          <img src={preview} alt={t('evaluation.photoAlt', { number: formatNumber(index + 1, language) })} />
          <button type="button" className="btn btn-secondary" onClick={() => onRemove(index)}>
            {t('evaluation.removePhoto')}
          </button>
        </li>
      ))}
    </ul>
  );
}
