/**
 * Sign-in and sign-out news between the tabs of one browser (BroadcastChannel) and within this tab: signing out in
 * one tab clears the user data in all of them (spec §4), signing in makes the other tabs load the session.
 */
export type AuthScope = 'customer' | 'staff';
export interface AuthEvent {
  scope: AuthScope;
  type: 'signedIn' | 'signedOut';
  /** Customer sessions are per brand. */
  brandId?: number;
}

type Listener = (event: AuthEvent, fromOtherTab: boolean) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('sufra-auth') : null;
    channel?.addEventListener('message', (message: MessageEvent<AuthEvent>) => {
      for (const listener of listeners) listener(message.data, true);
    });
  }
  return channel;
}

export function announceAuth(event: AuthEvent): void {
  for (const listener of listeners) listener(event, false);
  getChannel()?.postMessage(event);
}

export function onAuthEvent(listener: Listener): () => void {
  getChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
