import type { SliderResponse } from '@sufra/shared/schemas/ads';
import { useEffect, useState } from 'react';
import { AppImage } from '../../../components/ui/app-image';
import { formatNumber } from '../../../lib/format-number';
import { useLanguage } from '../../../lib/use-language';
import { useTranslation } from '../../../lib/use-translation';

const ADVANCE_MS = 5000;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The ads slider as an accessible carousel (WAI-ARIA APG): one slide shown, previous/next buttons, a pause
 * button, auto-advance that stops on hover or focus and never starts under reduced motion.
 */
export function AdSlider({ slides }: { slides: SliderResponse['slides'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (!playing || hovered || focused || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ADVANCE_MS);
    return () => clearInterval(timer);
  }, [playing, hovered, focused, count]);

  if (count === 0) return null;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section
      className="slider"
      data-testid="slider"
      aria-roledescription="carousel"
      aria-label={t('slider.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="slider__viewport" aria-live={playing && !hovered && !focused ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const image = (
            <AppImage
              src={slide.image}
              alt={slide.title}
              width={slide.width}
              height={slide.height}
              className="slider__image"
              priority={i === 0}
            />
          );
          return (
            // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA APG carousel slides are groups, not form fieldsets
            <div
              key={slide.id}
              className="slider__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('slider.slideOf', { current: i + 1, total: count })}
              hidden={i !== index}
            >
              {slide.redirect_url ? (
                <a href={slide.redirect_url} target="_blank" rel="noopener noreferrer">
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="slider__controls">
          <button type="button" className="btn btn-icon" onClick={() => go(-1)} aria-label={t('slider.previous')}>
            <svg className="icon icon-flip" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
          <button
            type="button"
            className="btn btn-icon"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? t('slider.pause') : t('slider.play')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              {playing ? (
                <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
              ) : (
                <path d="M8 5l11 7-11 7z" fill="currentColor" />
              )}
            </svg>
          </button>
          <span className="slider__position" aria-hidden="true">
            {t('slider.position', {
              current: formatNumber(index + 1, language),
              total: formatNumber(count, language),
            })}
          </span>
          <button type="button" className="btn btn-icon" onClick={() => go(1)} aria-label={t('slider.next')}>
            <svg className="icon icon-flip" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
