/**
 * Checks every accessibility journey makes on each page state it walks, beside axe (issue 24 items 10 and 11):
 * every visible thing a finger can press is at least 44×44 CSS px, and no accessible name or text is a raw
 * translation key (`account.dialCode`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const localesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');

/** The first segments of every translation key (the locale files' top-level names: app, cart, ordering, …). */
const NAMESPACES = [
  ...new Set(
    readdirSync(localesDir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => Object.keys(JSON.parse(readFileSync(join(localesDir, file), 'utf8')) as object)),
  ),
];

export const MIN_TARGET_PX = 44;

/**
 * The interactive elements smaller than 44×44. A radio or checkbox counts by its label (the label is what a finger
 * presses). Exempt, as WCAG 2.5.8 allows: a link inside a sentence (an inline link whose paragraph or list item says
 * more than the link), and elements clipped to nothing (visually hidden until focused, like the skip link).
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[role=button]',
      '[role=link]',
      '[role=tab]',
      '[role=switch]',
      '[role=checkbox]',
      '[role=radio]',
    ].join(',');
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')} "${(
        el.getAttribute('aria-label') ??
        el.textContent ??
        ''
      )
        .trim()
        .slice(0, 30)}"`;
    const small: string[] = [];
    for (const el of document.querySelectorAll(selector)) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box = el.getBoundingClientRect();
      if (el.matches('input[type=radio], input[type=checkbox]')) {
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
        if (label) box = label.getBoundingClientRect();
      }
      // Clipped to nothing (visually hidden) or not on the page at all.
      if (box.width <= 2 || box.height <= 2) continue;
      if (el.closest('[aria-hidden=true], [inert]')) continue;
      if (el.tagName === 'A' && style.display === 'inline') {
        const sentence = el.parentElement?.closest('p, li, dd, td');
        if (sentence && (sentence.textContent ?? '').trim() !== (el.textContent ?? '').trim()) continue;
      }
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        small.push(`${name(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, MIN_TARGET_PX);
}

/** Text, labels and accessible names on the page that are translation keys shown raw (`ordering.chooseType`). */
export async function rawKeys(page: Page): Promise<string[]> {
  return page.evaluate((namespaces) => {
    const key = new RegExp(`^(${namespaces.join('|')})\\.[A-Za-z0-9_.]+$`);
    const found = new Set<string>();
    const check = (value: string | null | undefined, where: string) => {
      const text = value?.trim();
      if (text && key.test(text)) found.add(`${where}: ${text}`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) check(node.textContent, 'text');
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-description]')) {
      for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        check(el.getAttribute(attribute), `${el.tagName.toLowerCase()}[${attribute}]`);
      }
    }
    check(document.title, 'title');
    return [...found];
  }, NAMESPACES);
}

export async function expectUsableTargetsAndNames(page: Page, label: string) {
  const small = await smallTargets(page);
  expect
    .soft(small, `touch targets under ${MIN_TARGET_PX}×${MIN_TARGET_PX} px on ${label}:\n  ${small.join('\n  ')}`)
    .toEqual([]);
  const keys = await rawKeys(page);
  expect.soft(keys, `raw translation keys on ${label}:\n  ${keys.join('\n  ')}`).toEqual([]);
}
