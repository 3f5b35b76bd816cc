import { useApiQuery } from '../../lib/use-api-query';
import { useLanguage } from '../../lib/use-language';
import { useDinerKey } from '../../stores/use-diner-key';
import { getNotifications } from './api/get-notifications';

/** The diner's inbox at this QR code's brand (nothing signed out); asked again after 30 s on a new page. */
export function useInbox(uuid: string) {
  const language = useLanguage();
  const diner = useDinerKey(uuid);
  // The exact key, so the page can set the bell's count once it marked everything read.
  const key = diner ? [...diner, 'notifications', language] : null;
  return { key, ...useApiQuery(key, () => getNotifications(uuid, language), { staleMs: 30_000 }) };
}
