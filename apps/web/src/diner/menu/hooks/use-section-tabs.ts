import { useMemo } from 'react';
import type { Section } from '../components/menu-sections';
import { useActiveSection } from './use-active-section';

/** Height of the sticky header + search + tabs, so a section's title lands just under them. */
const STICKY_OFFSET = 168;

/** The category tabs: the one in view, and a tap that scrolls its section under the sticky bar. */
export function useSectionTabs(sections: Section[], showAll: () => void) {
  const sectionIds = useMemo(() => sections.map((s) => s.id), [sections]);
  const tabs = useMemo(() => sections.map((s) => ({ sectionId: s.id, name: s.name })), [sections]);
  // A little below where a tab click lands the section (CSS scroll-margin = STICKY_OFFSET), so the section before it no longer counts.
  const { active, select } = useActiveSection(sectionIds, STICKY_OFFSET + 16);

  const onSelectTab = (sectionId: string) => {
    select(sectionId);
    showAll();
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    requestAnimationFrame(() => {
      const section = document.getElementById(sectionId);
      if (!section) return;
      section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
      // Sections skipped by content-visibility get their real height while we scroll past them; land exactly.
      const settle = () => {
        if (Math.abs(section.getBoundingClientRect().top - STICKY_OFFSET) > 4)
          section.scrollIntoView({ block: 'start' });
      };
      window.addEventListener('scrollend', settle, { once: true });
      setTimeout(settle, 1200);
    });
  };

  return { tabs, active, onSelectTab };
}
