import { useTranslation } from '../../../lib/use-translation';

interface Props {
  value: string;
  onChange: (value: string) => void;
}

export function MenuSearch({ value, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <search className="menu-search">
      <label htmlFor="menu-search-input" className="visually-hidden">
        {t('menu.search')}
      </label>
      <svg className="menu-search__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id="menu-search-input"
        className="menu-search__input"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={t('menu.searchPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {value && (
        <button
          type="button"
          className="btn btn-icon menu-search__clear"
          onClick={() => onChange('')}
          aria-label={t('menu.clearSearch')}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </search>
  );
}
