import { i18n } from '../../lib/i18n';
import { lazyPage } from '../../lib/lazy-page';
import { useTranslation } from '../../lib/use-translation';

/** The inbox strings (locales/inbox.{ar,en}.json), both languages at once (small). */
let strings: Promise<void> | undefined;
function loadInboxStrings(): Promise<void> {
  strings ??= Promise.all([import('../../locales/inbox.ar.json'), import('../../locales/inbox.en.json')]).then(
    ([ar, en]) => {
      i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
      i18n.addResourceBundle('en', 'translation', en.default, true, false);
    },
  );
  return strings;
}

// biome-ignore lint/suspicious/noExplicitAny: component props are the part's own
function withStrings<T extends React.ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazyPage(() => Promise.all([load(), loadInboxStrings()]).then(([module]) => module));
}

/** The inbox feature's one door for the app (as loyalty's): the header's bell and the inbox page, each its own chunk. */
const PARTS = {
  page: withStrings(() => import('./routes/inbox-route')),
  bell: withStrings(() => import('./components/inbox-bell')),
};

export default function InboxDoor(props: { part: 'page' } | { part: 'bell'; uuid: string }) {
  // As loyalty's door: the same imports as the pages keep Rollup's shared chunk whole (loyalty-page.tsx).
  useTranslation();
  if (props.part === 'bell') {
    const Bell = PARTS.bell;
    return <Bell uuid={props.uuid} />;
  }
  const Page = PARTS.page;
  return <Page />;
}
