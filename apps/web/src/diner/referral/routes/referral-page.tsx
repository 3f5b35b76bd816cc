import { i18n } from '../../../lib/i18n';
import { lazyPage } from '../../../lib/lazy-page';
import { useTranslation } from '../../../lib/use-translation';

/** The referral strings (locales/referral.{ar,en}.json), both languages at once, as the games load theirs. */
let strings: Promise<void> | undefined;
function loadReferralStrings(): Promise<void> {
  strings ??= Promise.all([
    import('../../../locales/referral.ar.json'),
    import('../../../locales/referral.en.json'),
  ]).then(([ar, en]) => {
    i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
    i18n.addResourceBundle('en', 'translation', en.default, true, false);
  });
  return strings;
}

const PAGES = {
  referral: lazyPage(() => Promise.all([import('./referral-route'), loadReferralStrings()]).then(([m]) => m)),
  reference: lazyPage(() => Promise.all([import('./reference-route'), loadReferralStrings()]).then(([m]) => m)),
};

/** The router's one door to referral: `/referral/{uuid}` and the friend's `/reference/{code}`, each its own chunk. */
export default function ReferralPage({ page }: { page: keyof typeof PAGES }) {
  useTranslation();
  const Page = PAGES[page];
  return <Page />;
}
