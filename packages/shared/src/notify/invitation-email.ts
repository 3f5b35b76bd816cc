import type { Language } from '../language.ts';
import { emailShell, escapeHtml } from './email-html.ts';

export interface InvitationEmailInput {
  brandName: string;
  inviteeName: string;
  role: 'owner' | 'manager' | 'cashier';
  /** The one-time link that sets the password. */
  link: string;
  /** When the link stops working. */
  expiresAt: Date;
  /** 'invite': a new account; 'reset': a new password for an existing one. */
  purpose: 'invite' | 'reset';
}

const ROLE: Record<Language, Record<InvitationEmailInput['role'], string>> = {
  ar: { owner: 'مالك', manager: 'مدير فرع', cashier: 'كاشير' },
  en: { owner: 'owner', manager: 'branch manager', cashier: 'cashier' },
};

function expiry(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-SA' : 'en-SA', {
    dateStyle: 'long',
    timeZone: 'Asia/Riyadh',
  }).format(date);
}

/** A staff invitation (issue 26 item 9) or a password reset, in one language: subject, text and HTML. */
export function renderInvitationEmail(input: InvitationEmailInput, language: Language) {
  const until = expiry(input.expiresAt, language);
  const role = ROLE[language][input.role];
  const copy =
    language === 'ar'
      ? {
          subject:
            input.purpose === 'invite'
              ? `دعوة للانضمام إلى فريق ${input.brandName} في سفرة`
              : `تعيين كلمة مرور جديدة لحسابك في ${input.brandName}`,
          greeting: `مرحبًا ${input.inviteeName}،`,
          lead:
            input.purpose === 'invite'
              ? `دعاك ${input.brandName} للانضمام إلى فريقه في سفرة بصفة ${role}.`
              : `طُلب تعيين كلمة مرور جديدة لحسابك (${role}) في ${input.brandName}.`,
          action: input.purpose === 'invite' ? 'اختر كلمة المرور' : 'عيّن كلمة مرور جديدة',
          note: `الرابط صالح لمرة واحدة حتى ${until}. إن لم تكن تتوقع هذه الرسالة فتجاهلها.`,
        }
      : {
          subject:
            input.purpose === 'invite'
              ? `You're invited to join ${input.brandName}'s team on Sufra`
              : `Set a new password for your ${input.brandName} account`,
          greeting: `Hello ${input.inviteeName},`,
          lead:
            input.purpose === 'invite'
              ? `${input.brandName} invited you to join its team on Sufra as ${role}.`
              : `A new password was requested for your ${role} account at ${input.brandName}.`,
          action: input.purpose === 'invite' ? 'Choose your password' : 'Set a new password',
          note: `The link works once, until ${until}. If you weren't expecting this e-mail, ignore it.`,
        };
  const text = `${copy.greeting}\n\n${copy.lead}\n\n${copy.action}: ${input.link}\n\n${copy.note}\n`;
  const html = emailShell(
    language,
    copy.subject,
    `<h1 style="font-size:20px;color:#5b2a86;margin:0 0 16px">${escapeHtml(input.brandName)}</h1>
<p>${escapeHtml(copy.greeting)}</p>
<p>${escapeHtml(copy.lead)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#5b2a86;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(copy.action)}</a></p>
<p style="font-size:13px;color:#5c5670">${escapeHtml(copy.note)}</p>
<p style="font-size:12px;color:#5c5670;word-break:break-all" dir="ltr">${escapeHtml(input.link)}</p>`,
  );
  return { subject: copy.subject, text, html };
}
