import { useCallback, useEffect, useState } from 'react';
import {
  chimeSupported,
  chimeUnlocked,
  playChime,
  rememberSound,
  soundRemembered,
  unlockChime,
} from '../new-order-chime';

/**
 * The board's sound switch. Turning it on is the user gesture browsers want before audio; when "on" was remembered
 * from an earlier visit, the first tap or key press on the page unlocks it (until then the board says so).
 */
export function useChime() {
  const supported = chimeSupported();
  const [on, setOn] = useState(() => supported && soundRemembered());
  const [unlocked, setUnlocked] = useState(chimeUnlocked);

  useEffect(() => {
    if (!on || unlocked) return;
    const unlock = () => {
      void unlockChime().then(setUnlocked);
    };
    window.addEventListener('pointerdown', unlock, { once: true });
    window.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, [on, unlocked]);

  const toggle = useCallback(async (next: boolean) => {
    setOn(next);
    rememberSound(next);
    if (next) {
      const ready = await unlockChime();
      setUnlocked(ready);
      // A short chime answers the switch: the cashier hears what a new order sounds like and knows it works.
      if (ready) playChime();
    }
  }, []);

  const play = useCallback(() => {
    if (on) playChime();
  }, [on]);

  return { supported, on, blocked: on && !unlocked, toggle, play };
}
