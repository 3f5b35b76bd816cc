import type { Language } from '@sufra/shared/language';
import { ERRORS } from '@sufra/shared/messages/errors';
import { formatSar } from '@sufra/shared/money';
import { CARD_BRAND_NAMES, type CardBrand, type CardErrorCode, type CardField } from '@sufra/shared/payments/card';
import { TEST_CARDS } from './test-cards.ts';

/**
 * The test gateway's hosted pages: server-rendered HTML, one small module script (the shared card rules, served
 * from the gateway's own /assets, plus a few inline lines), no network beyond the gateway itself. The gateway is
 * a stand-in third party, so its words live here with it, in both languages; the card messages come from the
 * shared error table so they match the spec's wording everywhere.
 */

const TEXT = {
  title: { en: 'Secure card payment', ar: 'دفع آمن بالبطاقة' },
  testBanner: { en: 'Sufra test gateway: no real money moves', ar: 'بوابة اختبار سُفرة: لا تُنقل أموال حقيقية' },
  switchLanguage: { en: 'العربية', ar: 'English' },
  amount: { en: 'Amount to pay', ar: 'المبلغ المطلوب' },
  number: { en: 'Card number', ar: 'رقم البطاقة' },
  holder: { en: 'Name on card', ar: 'الاسم على البطاقة' },
  expiry: { en: 'Expiry (MM/YY)', ar: 'تاريخ الانتهاء (MM/YY)' },
  cvv: { en: 'CVV', ar: 'رمز التحقق (CVV)' },
  brand: { en: 'Card type', ar: 'نوع البطاقة' },
  pay: { en: 'Pay', ar: 'ادفع' },
  sending: { en: 'Sending…', ar: 'جارٍ الإرسال…' },
  fixErrors: { en: 'Check the highlighted fields.', ar: 'تحقق من الحقول المحددة.' },
  privacy: {
    en: 'Your card details go to this payment page only; the restaurant never sees them.',
    ar: 'تُرسل بيانات بطاقتك إلى صفحة الدفع هذه فقط، ولا يراها المطعم أبدًا.',
  },
  testCards: { en: 'Test cards', ar: 'بطاقات الاختبار' },
  testCardsHint: {
    en: 'Any future expiry date, any CVV of the right length (4 digits for Amex), any name.',
    ar: 'أي تاريخ انتهاء مستقبلي، وأي رمز CVV بالطول الصحيح (4 أرقام لأمريكان إكسبريس)، وأي اسم.',
  },
  cardColumn: { en: 'Card number', ar: 'رقم البطاقة' },
  outcomeColumn: { en: 'Result', ar: 'النتيجة' },
  // The Latin name is isolated (LRI … PDI), or the Arabic line reorders it to "(D Secure-3".
  threeDsTitle: { en: '3-D Secure verification', ar: 'التحقق الآمن (\u20663-D Secure\u2069)' },
  threeDsIntro: {
    en: 'Your bank sent a one-time code to confirm this payment. In this test the code is shown here:',
    ar: 'أرسل بنكك رمزًا لمرة واحدة لتأكيد هذه العملية. في هذا الاختبار يظهر الرمز هنا:',
  },
  code: { en: 'One-time code', ar: 'رمز التحقق لمرة واحدة' },
  confirm: { en: 'Confirm payment', ar: 'تأكيد الدفع' },
  card: { en: 'Card', ar: 'البطاقة' },
  doneTitle: { en: 'This payment is complete', ar: 'اكتملت عملية الدفع هذه' },
  back: { en: 'Back to the restaurant', ar: 'العودة إلى المطعم' },
  notFoundTitle: { en: 'Payment not found', ar: 'عملية الدفع غير موجودة' },
} satisfies Record<string, Record<Language, string>>;

const t = (key: keyof typeof TEXT, language: Language) => TEXT[key][language];

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;background:#f3f4f6;color:#111827;line-height:1.5}
main{max-width:28rem;margin:0 auto;padding:1rem}
.banner{background:#fef3c7;color:#78350f;border-radius:.5rem;padding:.5rem .75rem;font-size:.875rem;margin:0 0 1rem}
.top{display:flex;justify-content:space-between;align-items:center;gap:.5rem}
.top a{display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px}
.panel{background:#fff;border-radius:.75rem;padding:1rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.25rem;margin:.25rem 0 1rem}
.amount{font-size:1.5rem;font-weight:700;margin:0 0 .75rem}
.muted{color:#4b5563;font-size:.875rem;margin:.25rem 0 1rem}
.field{margin:0 0 .875rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{width:100%;font:inherit;font-size:1rem;padding:.75rem;border:1px solid #9ca3af;border-radius:.5rem;min-height:48px}
input:focus{outline:3px solid #2563eb;outline-offset:1px}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:flex;gap:.75rem}.row .field{flex:1}
.with-brand{position:relative}
.brand{position:absolute;inset-inline-end:.5rem;top:50%;transform:translateY(-50%);font-weight:800;font-size:.75rem;padding:.125rem .375rem;border-radius:.25rem;background:#e5e7eb;color:#111827}
.brand:empty{display:none}
.brand[data-brand=mada]{background:#84bd00;color:#fff}.brand[data-brand=visa]{background:#1a1f71;color:#fff}
.brand[data-brand=mastercard]{background:#eb001b;color:#fff}.brand[data-brand=amex]{background:#2e77bb;color:#fff}
.with-brand input{padding-inline-end:6rem}
.error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0;min-height:1em}
.summary{color:#b91c1c;font-weight:600}
button,.button{display:block;width:100%;font:inherit;font-weight:700;font-size:1rem;padding:.875rem;border:0;border-radius:.5rem;background:#047857;color:#fff;min-height:48px;cursor:pointer;text-align:center;text-decoration:none}
button:disabled{opacity:.6;cursor:progress}
button:focus-visible,.button:focus-visible,a:focus-visible,summary:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.code{font-size:2rem;font-weight:800;letter-spacing:.3em;direction:ltr;text-align:center;background:#f3f4f6;border-radius:.5rem;padding:.5rem;margin:.5rem 0 1rem}
details{margin-top:1rem;background:#fff;border-radius:.75rem;padding:.75rem 1rem}
summary{cursor:pointer;font-weight:600;min-height:44px;padding-block:10px}
table{width:100%;border-collapse:collapse;font-size:.875rem;margin-top:.5rem}
th,td{text-align:start;padding:.375rem .25rem;border-top:1px solid #e5e7eb;vertical-align:top}
td.num{direction:ltr;unicode-bidi:isolate;white-space:nowrap;font-family:ui-monospace,monospace}
.ltr{direction:ltr;unicode-bidi:isolate}
`;

interface PageFrame {
  language: Language;
  title: string;
  nonce: string;
  body: string;
  /** The same page in the other language (the language switch). */
  otherLanguageHref: string;
  script?: string;
}

function page(frame: PageFrame): string {
  const { language } = frame;
  const other: Language = language === 'ar' ? 'en' : 'ar';
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(frame.title)}</title>
<style nonce="${frame.nonce}">${STYLE}</style>
</head>
<body>
<main>
<div class="top"><p class="banner">${t('testBanner', language)}</p><a href="${escapeHtml(frame.otherLanguageHref)}" lang="${other}" hreflang="${other}">${t('switchLanguage', language)}</a></div>
${frame.body}
</main>
${frame.script ? `<script type="module" nonce="${frame.nonce}">${frame.script}</script>` : ''}
</body>
</html>`;
}

function testCardsBox(language: Language): string {
  const rows = TEST_CARDS.map(
    (card) => `<tr><td class="num">${card.number}</td><td>${escapeHtml(card.label[language])}</td></tr>`,
  ).join('');
  return `<details>
<summary>${t('testCards', language)}</summary>
<p class="muted">${t('testCardsHint', language)}</p>
<table><thead><tr><th scope="col">${t('cardColumn', language)}</th><th scope="col">${t('outcomeColumn', language)}</th></tr></thead><tbody>${rows}</tbody></table>
</details>`;
}

export interface CardPageInput {
  language: Language;
  nonce: string;
  /** The gateway's path prefix, e.g. "/test-gateway". */
  base: string;
  paymentId: string;
  amount: number;
  description: string;
  /** Re-shown after a refused submit (never the CVV). */
  values?: { number?: string; holder?: string; expiry?: string };
  errors?: Partial<Record<CardField, CardErrorCode>>;
  brand?: CardBrand | null;
}

export function renderCardPage(input: CardPageInput): string {
  const { language, base, paymentId } = input;
  const errors = input.errors ?? {};
  const values = input.values ?? {};
  const amount = formatSar(input.amount, language);
  const action = `${base}/pay/${encodeURIComponent(paymentId)}?lang=${language}`;
  const messages = Object.fromEntries(
    (['card_number_invalid', 'card_expiry_invalid', 'card_cvv_invalid', 'card_holder_required'] as const).map(
      (code) => [code, ERRORS[code][language]],
    ),
  );
  const field = (name: CardField, label: string, attributes: string, value: string | undefined, extra = '') =>
    cardField({ name, label, attributes, value, extra }, errors, language);
  const brand = input.brand ?? null;
  const brandBadge = `<span id="brand" class="brand" data-brand="${brand ?? ''}" role="status" title="${t('brand', language)}">${brand ? CARD_BRAND_NAMES[brand] : ''}</span>`;
  const hasErrors = Object.keys(errors).length > 0;
  const body = `<div class="panel">
<h1>${t('title', language)}</h1>
<p class="muted">${escapeHtml(input.description)}</p>
<p class="muted">${t('amount', language)}</p>
<p class="amount">${amount}</p>
<div id="summary" role="alert" class="summary">${hasErrors ? t('fixErrors', language) : ''}</div>
<form id="card-form" method="post" action="${escapeHtml(action)}" novalidate data-messages="${escapeHtml(JSON.stringify(messages))}" data-sending="${t('sending', language)}" data-fix="${t('fixErrors', language)}">
${field('number', t('number', language), 'inputmode="numeric" autocomplete="cc-number" dir="ltr" maxlength="32" spellcheck="false"', values.number, brandBadge)}
${field('holder', t('holder', language), 'autocomplete="cc-name" maxlength="100" spellcheck="false"', values.holder)}
<div class="row">
${field('expiry', t('expiry', language), 'inputmode="numeric" autocomplete="cc-exp" dir="ltr" placeholder="MM/YY" maxlength="7"', values.expiry)}
${field('cvv', t('cvv', language), 'inputmode="numeric" autocomplete="cc-csc" dir="ltr" maxlength="4" type="password"', '')}
</div>
<button type="submit">${t('pay', language)} ${amount}</button>
</form>
<p class="muted">${t('privacy', language)}</p>
</div>
${testCardsBox(language)}`;
  return page({
    language,
    title: t('title', language),
    nonce: input.nonce,
    body,
    otherLanguageHref: `${base}/pay/${encodeURIComponent(paymentId)}?lang=${language === 'ar' ? 'en' : 'ar'}`,
    script: cardPageScript(base),
  });
}

/** One field of the card form: its label, input (re-shown value, the server's verdict) and error line. */
function cardField(
  f: { name: CardField; label: string; attributes: string; value: string | undefined; extra: string },
  errors: Partial<Record<CardField, CardErrorCode>>,
  language: Language,
): string {
  const { name, label, attributes, value, extra } = f;
  return `<div class="field"><label for="${name}">${label}</label>${extra ? `<div class="with-brand">` : ''}<input id="${name}" name="${name}" ${attributes} value="${escapeHtml(value ?? '')}" aria-describedby="${name}-error" aria-invalid="${errors[name] ? 'true' : 'false'}" required>${extra}${extra ? '</div>' : ''}
<p id="${name}-error" class="error">${errors[name] ? escapeHtml(ERRORS[errors[name]][language]) : ''}</p></div>`;
}

/**
 * The card page's own script: the brand's logo as the number is typed, and the same checks as the server before
 * submitting (packages/shared/src/payments/card.ts, served with its types stripped). One template, kept whole.
 */
function cardPageScript(base: string): string {
  return `import { CARD_BRAND_NAMES, checkCard, detectCardBrand } from '${base}/assets/card.js';
const form = document.getElementById('card-form');
const messages = JSON.parse(form.dataset.messages);
const badge = document.getElementById('brand');
const input = (name) => form.elements.namedItem(name);
// After a refused submit the server marked the wrong fields: start at the first.
form.querySelector('[aria-invalid="true"]')?.focus();
const showBrand = () => {
  const brand = detectCardBrand(input('number').value);
  badge.dataset.brand = brand ?? '';
  badge.textContent = brand ? CARD_BRAND_NAMES[brand] : '';
};
input('number').addEventListener('input', showBrand);
// A number typed (or autofilled) before this module ran gets its logo too.
showBrand();
form.addEventListener('submit', (event) => {
  const card = { number: input('number').value, holder: input('holder').value, expiry: input('expiry').value, cvv: input('cvv').value };
  const result = checkCard(card, new Date());
  let first = null;
  for (const name of ['number', 'holder', 'expiry', 'cvv']) {
    const code = result.ok ? undefined : result.errors[name];
    document.getElementById(name + '-error').textContent = code ? messages[code] : '';
    input(name).setAttribute('aria-invalid', code ? 'true' : 'false');
    if (code && !first) first = input(name);
  }
  if (first) {
    event.preventDefault();
    document.getElementById('summary').textContent = form.dataset.fix;
    first.focus();
    return;
  }
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  button.textContent = form.dataset.sending;
});`;
}

export function renderThreeDsPage(input: {
  language: Language;
  nonce: string;
  base: string;
  paymentId: string;
  amount: number;
  code: string;
  brand: CardBrand | null;
  last4: string | null;
}): string {
  const { language, base, paymentId } = input;
  const action = `${base}/pay/${encodeURIComponent(paymentId)}/3ds?lang=${language}`;
  const card =
    input.brand && input.last4
      ? `<p class="muted">${t('card', language)}: <span class="ltr">${CARD_BRAND_NAMES[input.brand]} •••• ${input.last4}</span></p>`
      : '';
  const body = `<div class="panel">
<h1>${t('threeDsTitle', language)}</h1>
<p class="amount">${formatSar(input.amount, language)}</p>
${card}
<p>${t('threeDsIntro', language)}</p>
<p class="code" id="shown-code">${escapeHtml(input.code)}</p>
<form id="three-ds-form" method="post" action="${escapeHtml(action)}" data-sending="${t('sending', language)}">
<div class="field"><label for="code">${t('code', language)}</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" dir="ltr" maxlength="8" required></div>
<button type="submit">${t('confirm', language)}</button>
</form>
</div>`;
  const script = `const form = document.getElementById('three-ds-form');
form.addEventListener('submit', () => {
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  button.textContent = form.dataset.sending;
});
document.getElementById('code').focus();`;
  return page({
    language,
    title: t('threeDsTitle', language),
    nonce: input.nonce,
    body,
    otherLanguageHref: `${base}/pay/${encodeURIComponent(paymentId)}/3ds?lang=${language === 'ar' ? 'en' : 'ar'}`,
    script,
  });
}

export function renderMessagePage(input: {
  language: Language;
  nonce: string;
  kind: 'done' | 'not_found';
  /** Back to the merchant (the callback URL) when known. */
  backUrl: string | null;
  otherLanguageHref: string;
}): string {
  const { language } = input;
  const title = t(input.kind === 'done' ? 'doneTitle' : 'notFoundTitle', language);
  const text = input.kind === 'done' ? ERRORS.payment_already_completed[language] : ERRORS.payment_not_found[language];
  const body = `<div class="panel"><h1>${title}</h1><p>${text}</p>${
    input.backUrl ? `<a class="button" href="${escapeHtml(input.backUrl)}">${t('back', language)}</a>` : ''
  }</div>`;
  return page({ language, title, nonce: input.nonce, body, otherLanguageHref: input.otherLanguageHref });
}
