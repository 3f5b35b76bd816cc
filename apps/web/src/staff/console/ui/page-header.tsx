import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';

/** A console page's title (also the document's), an optional line under it, and its actions at the end. */
export function PageHeader({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="console-page-header">
      <title>{`${title} | ${t('console.title')} | ${t('app.name')}`}</title>
      <div>
        <h1 tabIndex={-1} data-testid="console-page-title">
          {title}
        </h1>
        {lead && <p className="console-page-header__lead">{lead}</p>}
      </div>
      {actions && <div className="console-page-header__actions">{actions}</div>}
    </header>
  );
}
