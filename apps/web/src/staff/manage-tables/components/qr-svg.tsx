import { useEffect, useState } from 'react';

/** The URL as an SVG QR code (qrcode-generator, loaded with the first code shown): crisp on paper at any size. */
export function QrSvg({ value, label, size = 160 }: { value: string; label: string; size?: number }) {
  const [path, setPath] = useState<{ d: string; count: number } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode-generator').then(({ default: qrcode }) => {
      // M, as the server's PNG: a printed card survives a scratch.
      const qr = qrcode(0, 'M');
      qr.addData(value, 'Byte');
      qr.make();
      const count = qr.getModuleCount();
      let d = '';
      for (let r = 0; r < count; r += 1) {
        for (let c = 0; c < count; c += 1) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
      }
      if (live) setPath({ d, count });
    });
    return () => {
      live = false;
    };
  }, [value]);
  const box = (path?.count ?? 21) + 8;
  return (
    <svg
      className="table-card__qr"
      viewBox={`0 0 ${box} ${box}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={box} height={box} fill="#fff" />
      {path && <path d={path.d} fill="#000" />}
    </svg>
  );
}
