import { useEffect } from 'react';
import { errorText } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';
import { useDinerKey } from '../../../stores/use-diner-key';
import { getRewardQr } from '../api/get-reward-qr';

type Matrix = boolean[][];

/** The token as a square of dark and light modules (qrcode-generator, loaded with the first QR shown). */
async function toMatrix(token: string): Promise<Matrix> {
  const { default: qrcode } = await import('qrcode-generator');
  // M: scanners at a counter read it at arm's length even on a scratched screen; the token is short enough.
  const qr = qrcode(0, 'M');
  qr.addData(token, 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
}

/** One SVG path of every dark module: crisp at any size, and no HTML string injected. */
function modulesPath(matrix: Matrix): string {
  let d = '';
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    });
  });
  return d;
}

/**
 * A reward's QR code: a signed token bound to the diner, brand and reward, valid for a short while. A fresh one is
 * fetched when the server says (`refreshAfterSeconds`, before `expiresAt`), so the code on screen always scans.
 */
export function RewardQr({ uuid, ownedId, label }: { uuid: string; ownedId: number; label: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const diner = useDinerKey(uuid);
  // Each showing asks for a fresh token (one on screen from an earlier visit may be near its end).
  const qr = useApiQuery(
    diner ? [...diner, 'reward-qr', ownedId, language] : null,
    async () => {
      const answer = await getRewardQr(uuid, ownedId, language);
      // Never later than the token's own end, never a busy loop.
      const untilExpiry = Date.parse(answer.expiresAt) - Date.now() - 5_000;
      const wait = Math.max(5_000, Math.min(answer.refreshAfterSeconds * 1000, untilExpiry));
      return { token: answer.token, matrix: await toMatrix(answer.token), wait };
    },
    { staleMs: 0 },
  );
  const { data, refetch } = qr;
  const matrix = data?.matrix ?? null;
  const token = data?.token ?? null;
  const error = qr.error && !qr.loading ? errorText(qr.error, language) : null;

  // A new token on the server's schedule.
  useEffect(() => {
    if (!data) return;
    const timer = setTimeout(refetch, data.wait);
    return () => clearTimeout(timer);
  }, [data, refetch]);

  if (error) {
    return (
      <div className="banner banner--error" role="alert">
        <span>{error}</span>
        <button type="button" className="btn btn-small" onClick={refetch}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  if (!matrix) {
    return (
      <div role="status" className="reward-qr reward-qr--loading">
        <span className="visually-hidden">{t('app.loading')}</span>
      </div>
    );
  }
  const size = matrix.length + 8;
  return (
    <figure className="reward-qr" data-testid="reward-qr" data-token={token ?? undefined}>
      <svg
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        aria-label={label}
        shapeRendering="crispEdges"
        className="reward-qr__image"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={modulesPath(matrix)} fill="#000" />
      </svg>
      <figcaption className="reward-qr__hint">{t('loyalty.qrHint')}</figcaption>
    </figure>
  );
}
