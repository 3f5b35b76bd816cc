import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { createQrReader } from '../qr-reader';

/** Why the camera could not be used: each has its own message, and all lead to the typed code. */
export type CameraProblem = 'denied' | 'missing' | 'unavailable';

/** How often a frame is read: a phone held up to the tablet is found within a fraction of a second. */
const FRAME_GAP_MS = 150;

function problemOf(error: unknown): CameraProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'unavailable';
}

/**
 * The device's camera (the rear one on a tablet) reading frames until a QR code is found; the stream stops when the
 * code is read, when the cashier stops it, and when the component goes away.
 */
export function CameraScanner({
  onRead,
  onProblem,
  onStop,
}: {
  onRead: (text: string) => void;
  onProblem: (problem: CameraProblem) => void;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [live, setLive] = useState(false);
  // The newest callbacks, without restarting the camera when the parent renders.
  const handlers = useRef({ onRead, onProblem });
  handlers.current = { onRead, onProblem };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera API', 'NotSupportedError');
      // The decoder's chunk and the camera's permission prompt at the same time.
      const [loaded, opened] = await Promise.allSettled([
        createQrReader(),
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
      ]);
      if (opened.status === 'rejected') throw opened.reason;
      stream = opened.value;
      const element = video.current;
      // Stopped while the prompt was open, or the decoder failed to load: the camera goes off again at once.
      if (stopped || !element || loaded.status === 'rejected') {
        for (const track of stream.getTracks()) track.stop();
        if (loaded.status === 'rejected' && !stopped) throw loaded.reason;
        return;
      }
      const reader = loaded.value;
      element.srcObject = stream;
      await element.play();
      setLive(true);
      const tick = async () => {
        if (stopped) return;
        const text = element.readyState >= 2 ? await reader.read(element, 'frame') : null;
        if (stopped) return;
        if (text) handlers.current.onRead(text);
        else timer = setTimeout(tick, FRAME_GAP_MS);
      };
      void tick();
    };
    start().catch((error: unknown) => {
      if (!stopped) handlers.current.onProblem(problemOf(error));
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="redeem-camera" data-testid="redeem-camera">
      <video ref={video} className="redeem-camera__video" muted playsInline aria-label={t('staff.redeem.cameraView')} />
      <p className="redeem-camera__hint" role="status">
        {live ? t('staff.redeem.scanning') : t('staff.redeem.cameraStarting')}
      </p>
      <button type="button" className="btn btn-secondary" onClick={onStop} data-testid="redeem-stop-camera">
        {t('staff.redeem.stopScan')}
      </button>
    </div>
  );
}
