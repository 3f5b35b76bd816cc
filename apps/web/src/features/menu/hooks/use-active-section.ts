import { useEffect, useRef, useState } from 'react';

/**
 * Which menu section is in view, for the sticky category tabs. A section counts once its top passes under
 * the sticky header; of those intersecting the upper part of the viewport, the first in document order wins.
 * After a tab click the observer is ignored briefly so the highlight does not flicker through the sections
 * the smooth scroll passes.
 */
export function useActiveSection(sectionIds: readonly string[], topOffset: number) {
  const [active, setActive] = useState<string | null>(sectionIds[0] ?? null);
  const lockedUntil = useRef(0);
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
        if (Date.now() < lockedUntil.current) return;
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

  const select = (id: string) => {
    lockedUntil.current = Date.now() + 900;
    setActive(id);
  };

  return { active, select };
}
