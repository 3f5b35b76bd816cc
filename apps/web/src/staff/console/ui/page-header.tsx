import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';

/** A console page's title (also the document's), an optional line under it, and its actions at the end. */
export function PageHeader({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="console-page-header">
      <ConsoleDocumentTitle title={title} />
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

/**
 * The title of a section the staff app and the console share (coupons, punch cards, services): in the staff app its
 * shell has the page's h1, so the section's is an h2; as a console page (`level` 1) it is the page's h1 and names the
 * document, as PageHeader does.
 */
export function SectionTitle({ id, level = 2, children }: { id: string; level?: 1 | 2; children: string }) {
  if (level === 2) return <h2 id={id}>{children}</h2>;
  return (
    <>
      <ConsoleDocumentTitle title={children} />
      <h1 id={id} tabIndex={-1}>
        {children}
      </h1>
    </>
  );
}

/** The document's title for a console page: the page, the console, the app. */
function ConsoleDocumentTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{`${title} | ${t('console.title')} | ${t('app.name')}`}</title>;
}
