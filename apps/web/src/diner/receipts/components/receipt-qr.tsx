import { useEffect, useState } from 'react';

/** The QR text as an SVG path of its dark modules (qrcode-generator, loaded with the receipt's chunk only). */
async function modulesOf(text: string): Promise<{ size: number; path: string }> {
  const { default: qrcode } = await import('qrcode-generator');
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const count = qr.getModuleCount();
  let path = '';
  for (let y = 0; y < count; y++) {
    for (let x = 0; x < count; x++) if (qr.isDark(y, x)) path += `M${x + 4} ${y + 4}h1v1h-1z`;
  }
  return { size: count + 8, path };
}

/** The simplified tax invoice's QR code (ZATCA phase 1): the server's base64 TLV text, drawn as it is. */
export function ReceiptQr({ text, label }: { text: string; label: string }) {
  const [drawn, setDrawn] = useState<{ text: string; size: number; path: string } | null>(null);
  useEffect(() => {
    let live = true;
    void modulesOf(text).then((m) => {
      if (live) setDrawn({ text, ...m });
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (!drawn || drawn.text !== text) return <div className="receipt-qr receipt-qr--loading" aria-hidden="true" />;
  return (
    <svg
      className="receipt-qr"
      data-testid="receipt-qr"
      data-qr={text}
      viewBox={`0 0 ${drawn.size} ${drawn.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={drawn.size} height={drawn.size} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}
