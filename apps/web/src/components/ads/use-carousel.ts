import { useEffect, useState } from 'react';

const ADVANCE_MS = 5000;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The ads slider's state (WAI-ARIA APG carousel): the slide shown, and auto-advance that stops on hover or focus,
 * can be paused, and never starts under reduced motion.
 */
export function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (!playing || hovered || focused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [playing, hovered, focused, count]);

  return {
    index,
    playing,
    /** Slides move by themselves now: a screen reader is not told of each one. */
    rotating: playing && !hovered && !focused,
    go: (delta: number) => setIndex((i) => (i + delta + count) % count),
    togglePlaying: () => setPlaying((p) => !p),
    setHovered,
    setFocused,
  };
}

export type Carousel = ReturnType<typeof useCarousel>;
