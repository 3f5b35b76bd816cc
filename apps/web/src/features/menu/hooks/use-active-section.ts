import { useEffect, useRef, useState } from 'react';

/** The longest a click holds its section current when no scrollend comes. */
const HOLD_MAX_MS = 3_000;

/**
 * Which menu section is in view, for the sticky category tabs. A section counts once its top passes under
 * the sticky header; of those intersecting the upper part of the viewport, the first in document order wins.
 * After a tab click the clicked section stays current until the smooth scroll it started has ended (`scrollend`;
 * a slow phone's scroll can take well over a second), so the highlight neither flickers through the sections
 * the scroll passes nor falls back to the one before when the last section cannot reach the top of the page.
 */
export function useActiveSection(sectionIds: readonly string[], topOffset: number) {
  const [active, setActive] = useState<string | null>(sectionIds[0] ?? null);
  // After a click: hold the clicked section until the scroll ends (or HOLD_MAX_MS).
  const holding = useRef(false);
  const holdTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
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
    document.addEventListener('scrollend', release);
    return () => {
      document.removeEventListener('scrollend', release);
      clearTimeout(holdTimer.current);
    };
  }, []);

  const select = (id: string) => {
    holding.current = true;
    setActive(id);
    // A click on the section already in place scrolls nothing, so no scrollend comes (nor in a browser without
    // the event): the hold ends on its own after a while.
    clearTimeout(holdTimer.current);
    holdTimer.current = setTimeout(() => {
      holding.current = false;
    }, HOLD_MAX_MS);
  };

  return { active, select };
}
