import { useEffect, useRef, useState } from 'react';

/** What the diner does to scroll the page themselves: it ends a click's hold. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Which menu section is in view, for the sticky category tabs. A section counts once its top passes under
 * the sticky header; of those intersecting the upper part of the viewport, the first in document order wins.
 * After a tab click the clicked section stays current until the diner scrolls the page themselves (wheel, touch,
 * key, pointer), so the highlight neither flickers through the sections the scroll passes nor falls back to the one
 * before when the last section cannot reach the top of the page. The hold used to end at the smooth scroll's
 * `scrollend` (or after 3 s): on a busy phone the observer's last entries for that scroll could arrive after
 * `scrollend` and mark the section before the clicked one (the menu journey caught it on a loaded machine).
 */
export function useActiveSection(sectionIds: readonly string[], topOffset: number) {
  const [active, setActive] = useState<string | null>(sectionIds[0] ?? null);
  // After a click: hold the clicked section until the scroll ends (or HOLD_MAX_MS).
  const holding = useRef(false);
  const key = sectionIds.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined' || sectionIds.length === 0) return;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        if (holding.current) return;
        const first = sectionIds.find((id) => visible.has(id));
        if (first) setActive(first);
      },
      { rootMargin: `-${topOffset}px 0px -55% 0px` },
    );
    for (const id of sectionIds) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key, topOffset]);

  useEffect(() => {
    if (active === null || !sectionIds.includes(active)) setActive(sectionIds[0] ?? null);
  }, [active, sectionIds]);

  useEffect(() => {
    const release = () => {
      holding.current = false;
    };
    // Capture: the tab's own click (its pointerdown came before `select`) has already gone by.
    for (const type of USER_SCROLL_EVENTS) document.addEventListener(type, release, { capture: true, passive: true });
    return () => {
      for (const type of USER_SCROLL_EVENTS) document.removeEventListener(type, release, { capture: true });
    };
  }, []);

  const select = (id: string) => {
    holding.current = true;
    setActive(id);
  };

  return { active, select };
}
