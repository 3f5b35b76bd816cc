import { i18n } from '../../lib/i18n';

/** The rewards console's strings (locales/manage-rewards.{ar,en}.json), both languages with the page's chunk. */
export const ready: Promise<void> = Promise.all([
  import('../../locales/manage-rewards.ar.json'),
  import('../../locales/manage-rewards.en.json'),
]).then(([ar, en]) => {
  i18n.addResourceBundle('ar', 'translation', ar.default, true, false);
  i18n.addResourceBundle('en', 'translation', en.default, true, false);
});
