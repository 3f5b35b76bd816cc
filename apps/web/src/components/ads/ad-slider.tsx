import type { SliderResponse } from '@sufra/shared/schemas/ads';
import { useEffect } from 'react';
import { formatNumber } from '../../lib/format-number';
import { useLanguage } from '../../lib/use-language';
import { useTranslation } from '../../lib/use-translation';
import { AppImage } from '../ui/app-image';
import './ads.css';
import { type Carousel, useCarousel } from './use-carousel';

type Slide = SliderResponse['slides'][number];

/**
 * The ads slider as an accessible carousel (WAI-ARIA APG): one slide shown, previous/next buttons, a pause
 * button, auto-advance that stops on hover or focus and never starts under reduced motion.
 */
export function AdSlider({
  slides,
  onShown,
  onFollow,
}: {
  slides: SliderResponse['slides'];
  /** The slide now shown (the diner's view count) and a tap on its link. */
  onShown?: (id: number) => void;
  onFollow?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const count = slides.length;
  const carousel = useCarousel(count);
  const shownId = slides[carousel.index]?.id;
  useEffect(() => {
    if (shownId !== undefined) onShown?.(shownId);
  }, [shownId, onShown]);

  if (count === 0) return null;
  return (
    <section
      className="slider"
      data-testid="slider"
      aria-roledescription="carousel"
      aria-label={t('slider.label')}
      onMouseEnter={() => carousel.setHovered(true)}
      onMouseLeave={() => carousel.setHovered(false)}
      onFocus={() => carousel.setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) carousel.setFocused(false);
      }}
    >
      <div className="slider__viewport" aria-live={carousel.rotating ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <AdSlide
            key={slide.id}
            slide={slide}
            position={i}
            count={count}
            shown={i === carousel.index}
            onFollow={onFollow}
          />
        ))}
      </div>
      {count > 1 && <SliderControls carousel={carousel} count={count} />}
    </section>
  );
}

/** One slide: its image, a link when the ad has one; hidden unless it is the one shown. */
function AdSlide({
  slide,
  position,
  count,
  shown,
  onFollow,
}: {
  slide: Slide;
  position: number;
  count: number;
  shown: boolean;
  onFollow: ((id: number) => void) | undefined;
}) {
  const { t } = useTranslation();
  const image = (
    <AppImage
      src={slide.image}
      alt={slide.title}
      width={slide.width}
      height={slide.height}
      className="slider__image"
      priority={position === 0}
    />
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA APG carousel slides are groups, not form fieldsets
    <div
      className="slider__slide"
      role="group"
      aria-roledescription="slide"
      aria-label={t('slider.slideOf', { current: position + 1, total: count })}
      hidden={!shown}
    >
      {slide.redirect_url ? (
        <a href={slide.redirect_url} target="_blank" rel="noopener noreferrer" onClick={() => onFollow?.(slide.id)}>
          {image}
        </a>
      ) : (
        image
      )}
    </div>
  );
}

/** Previous, pause/play, "2 / 5" and next. */
function SliderControls({ carousel, count }: { carousel: Carousel; count: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { playing, go } = carousel;
  return (
    <div className="slider__controls">
      <button type="button" className="btn btn-icon" onClick={() => go(-1)} aria-label={t('slider.previous')}>
        <svg className="icon icon-flip" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <button
        type="button"
        className="btn btn-icon"
        onClick={carousel.togglePlaying}
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
          current: formatNumber(carousel.index + 1, language),
          total: formatNumber(count, language),
        })}
      </span>
      <button type="button" className="btn btn-icon" onClick={() => go(1)} aria-label={t('slider.next')}>
        <svg className="icon icon-flip" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
