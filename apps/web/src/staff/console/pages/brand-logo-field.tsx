import type { BrandSettings } from '@sufra/shared/schemas/brand-settings';
import { useState } from 'react';
import { ApiError, errorText } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { removeBrandLogo, uploadBrandLogo } from '../api/brand-settings';
import { FieldRow } from '../ui/field-row';

interface Props {
  logo: string | null;
  version: number;
  /** The settings the server answered (the version moved): the page's form saves against it next. */
  onSaved(next: BrandSettings): void;
}

/**
 * The brand's logo on the Brand settings page: saved at once on choosing a file (the server checks, re-encodes and
 * audits it), removable, against the settings' version like the form (a stale one is refused with 409).
 */
export function BrandLogoField({ logo, version, onSaved }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  const upload = useApiMutation((file: File) => uploadBrandLogo(file, version, language));
  const remove = useApiMutation(() => removeBrandLogo(version, language));
  const busy = upload.busy || remove.busy;
  const failure = upload.error ?? remove.error;
  const message = failure instanceof ApiError ? errorText(failure, language) : null;

  const run = (action: Promise<BrandSettings>, outcome: 'saved' | 'removed') => {
    setDone(null);
    action.then(
      (next) => {
        onSaved(next);
        setDone(outcome);
      },
      () => undefined, // Shown below.
    );
  };

  return (
    <div data-testid="brand-logo">
      <FieldRow id="brand-logo-file" label={t('console.brand.logo')} hint={t('console.brand.logoHint')} error={message}>
        {(control) => (
          <div className="console-logo">
            {logo ? (
              <img src={logo} alt={t('console.brand.logoAlt')} width="72" height="72" className="console-logo__image" />
            ) : (
              <span className="console-logo__none">{t('console.brand.logoNone')}</span>
            )}
            <input
              {...control}
              type="file"
              className="visually-hidden"
              accept="image/jpeg,image/png,image/webp"
              disabled={busy}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) run(upload.mutate(file), 'saved');
              }}
            />
            {/* The visible button is the file input's second label (the input itself is hidden but focusable). */}
            <label htmlFor={control.id} className={`btn btn-secondary${busy ? ' is-disabled' : ''}`} aria-hidden="true">
              {upload.busy
                ? t('console.brand.logoUploading')
                : logo
                  ? t('console.brand.logoReplace')
                  : t('console.brand.logoUpload')}
            </label>
            {logo && (
              <button
                type="button"
                className="btn btn-ghost"
                disabled={busy}
                onClick={() => run(remove.mutate(), 'removed')}
              >
                {remove.busy ? t('console.brand.logoRemoving') : t('console.brand.logoRemove')}
              </button>
            )}
            <span role="status" className="console-logo__status">
              {done === 'saved'
                ? t('console.brand.logoSaved')
                : done === 'removed'
                  ? t('console.brand.logoRemoved')
                  : ''}
            </span>
          </div>
        )}
      </FieldRow>
    </div>
  );
}
