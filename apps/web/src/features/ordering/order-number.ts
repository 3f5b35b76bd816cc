import type { Language } from '@sufra/shared/language';
import { formatNumber } from '../../lib/format-number';

/** "#42" in the interface's digits, kept left to right inside Arabic text (an isolate, so bidi cannot flip it). */
export const orderNumberText = (number: number, language: Language) => `\u2066#${formatNumber(number, language)}\u2069`;
