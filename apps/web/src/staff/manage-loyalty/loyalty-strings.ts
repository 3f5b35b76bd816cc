import { i18n } from '../../lib/i18n';

/** The loyalty console's strings (locales/manage-loyalty.{ar,en}.json), both languages with the pages' chunk. */
export const ready: Promise<void> = Promise.all([
  import('../../locales/manage-loyalty.ar.json'),
  import('../../locales/manage-loyalty.en.json'),
]).then(([ar, en]) => {
  i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
  i18n.addResourceBundle('en', 'translation', en.default, true, false);
});
