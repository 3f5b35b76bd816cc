import { describe, expect, it } from 'vitest';
import { checkSmsTemplate, DEFAULT_SMS_TEMPLATES, renderSmsTemplate, SMS_KINDS } from './sms-templates.ts';

describe('SMS templates (issue 28 item 4)', () => {
  it('accepts every default in both languages', () => {
    for (const kind of SMS_KINDS) {
      expect(checkSmsTemplate(kind, DEFAULT_SMS_TEMPLATES[kind].ar), kind).toBeNull();
      expect(checkSmsTemplate(kind, DEFAULT_SMS_TEMPLATES[kind].en), kind).toBeNull();
    }
  });

  it('refuses an unknown placeholder, a missing required one, a stray brace, an empty or too long body', () => {
    expect(checkSmsTemplate('order_ready', 'Order {number} {code}')).toEqual({
      problem: 'unknown',
      placeholder: 'code',
    });
    expect(checkSmsTemplate('prize_code', 'Your prize {prize}')).toEqual({ problem: 'missing', placeholder: 'code' });
    expect(checkSmsTemplate('order_en_route', 'Order {number} on its way }')).toEqual({ problem: 'brace' });
    expect(checkSmsTemplate('order_en_route', '   ')).toEqual({ problem: 'empty' });
    expect(checkSmsTemplate('order_en_route', `{number}${'x'.repeat(320)}`)).toEqual({ problem: 'too_long' });
  });

  it('fills the placeholders once, leaving a value’s own braces alone', () => {
    expect(renderSmsTemplate(DEFAULT_SMS_TEMPLATES.order_ready.en, { brand: 'B', number: '12', branch: '{x}' })).toBe(
      'B: your order 12 is ready for pickup at {x}.',
    );
  });
});
