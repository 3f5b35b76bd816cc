import type { Language } from '../language.ts';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The shell every e-mail shares: the language and direction on the root (Arabic right to left), one column of at
 * most 560 px, inline styles only (mail clients drop style sheets), the brand's purple on the heading.
 */
export function emailShell(language: Language, title: string, body: string): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const align = language === 'ar' ? 'right' : 'left';
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:16px;background:#f6f3fa;font-family:Tahoma,Arial,sans-serif;color:#1f1a2e">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;text-align:${align}">
${body}
</div>
</body>
</html>`;
}
