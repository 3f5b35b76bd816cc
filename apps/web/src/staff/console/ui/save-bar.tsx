import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';

export type SaveState = 'clean' | 'dirty' | 'saving' | 'saved' | 'conflict';

interface Props {
  state: SaveState;
  onSave: () => void;
  onDiscard: () => void;
  /** With `conflict`: what someone else saved meanwhile, and the way to take it (409 with both values). */
  conflict?: ReactNode;
  onReload?: () => void;
  /** A save's error other than a conflict. */
  error?: string | null;
}

/**
 * The bar at the bottom of an edit page: whether there are unsaved changes, saving, saved, or a conflict (another
 * person saved first: their version is shown, and the person takes it or keeps editing). Save and Discard are
 * disabled when there is nothing to save and while saving.
 */
export function SaveBar({ state, onSave, onDiscard, conflict, onReload, error }: Props) {
  const { t } = useTranslation();
  const status = {
    clean: t('console.save.clean'),
    dirty: t('console.save.dirty'),
    saving: t('console.save.saving'),
    saved: t('console.save.saved'),
    conflict: t('console.save.conflict'),
  }[state];
  const busy = state === 'saving';
  const nothing = state === 'clean' || state === 'saved';
  return (
    <div className={`console-save-bar console-save-bar--${state}`} data-testid="save-bar" data-state={state}>
      <div className="console-save-bar__status">
        <p role="status">{status}</p>
        {state === 'conflict' && conflict}
        {error && (
          <p className="form-alert" role="alert" data-testid="save-bar-error">
            {error}
          </p>
        )}
      </div>
      <div className="console-save-bar__actions">
        {state === 'conflict' && onReload && (
          <button type="button" className="btn btn-secondary" onClick={onReload} data-testid="save-bar-reload">
            {t('console.save.reload')}
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={onDiscard} disabled={busy || nothing}>
          {t('console.save.discard')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={onSave}
          disabled={busy || nothing}
          data-testid="save-bar-save"
        >
          {busy ? t('console.save.saving') : t('console.save.save')}
        </button>
      </div>
    </div>
  );
}
