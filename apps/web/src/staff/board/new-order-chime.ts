import { local } from '../../lib/storage';

/**
 * The new-order chime, made with the Web Audio API (no sound file to download). Browsers start audio only after a
 * user gesture: the board's "sound" toggle is that gesture, and when the choice was remembered from an earlier visit
 * the first tap or key press anywhere on the page unlocks it.
 */
const SOUND_KEY = 'sufra.staff.sound';

type AudioContextClass = typeof AudioContext;
let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

export const chimeSupported = (): boolean => audioContextClass() !== undefined;

export const soundRemembered = (): boolean => local.getItem(SOUND_KEY) === '1';

export function rememberSound(on: boolean): void {
  if (on) local.setItem(SOUND_KEY, '1');
  else local.removeItem(SOUND_KEY);
}

/** Creates or resumes the audio context; call from a user gesture. Resolves true when audio can play. */
export async function unlockChime(): Promise<boolean> {
  const Context = audioContextClass();
  if (!Context) return false;
  context ??= new Context();
  if (context.state !== 'running') {
    try {
      await context.resume();
    } catch {
      return false;
    }
  }
  return context.state === 'running';
}

export const chimeUnlocked = (): boolean => context?.state === 'running';

/** Two short rising tones (about half a second), quiet enough for a counter. */
export function playChime(): void {
  const audio = context;
  if (audio?.state !== 'running') return;
  const start = audio.currentTime + 0.01;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.28);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.3);
  }
}
