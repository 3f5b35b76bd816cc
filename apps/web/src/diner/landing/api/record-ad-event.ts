import type { AdEventBody } from '@sufra/shared/schemas/manage-ads';
import { apiRequest } from '../../../lib/api-client';
import { session } from '../../../lib/storage';

const SESSION_KEY = 'sufra.ads.session';
/** What this tab already reported (the server drops repeats too: one per tab per day). */
const sent = new Set<string>();

function tabSession(): string {
  let id = session.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    session.setItem(SESSION_KEY, id);
  }
  return id;
}

/** `POST /ads/events/`: this tab saw or tapped an ad (docs/adr/0451). Fire and forget: a lost count is no error. */
export function recordAdEvent(kind: AdEventBody['kind'], id: number, event: AdEventBody['event']): void {
  const key = `${kind}:${id}:${event}`;
  if (sent.has(key)) return;
  sent.add(key);
  void apiRequest('/ads/events/', {
    language: 'ar',
    method: 'POST',
    body: { kind, id, event, session: tabSession() } satisfies AdEventBody,
  }).catch(() => sent.delete(key));
}
