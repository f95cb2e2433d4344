import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './carousel.module.css';

/** Slides shown at each width (spec §9): 4, 3 below 1000 px, 2 below 796 px, 1.2 below 480 px. */
export function slidesShown(width: number): number {
  if (width < 480) return 1.2;
  if (width < 796) return 2;
  if (width < 1000) return 3;
  return 4;
}

// Embla's `duration` is not in milliseconds; 25 (its default) is about 500 ms of eased scrolling, the spec's speed.
const EMBLA_DURATION = 25;
const AUTOPLAY_DELAY_MS = 5000;

function useSlidesShown(): number | null {
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    const update = () => setShown(slidesShown(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return shown;
}

export interface CarouselProps<T> {
  title: string;
  items: T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** 'Ver tudo' */
  moreHref?: string;
}

/**
 * A row of cards. Autoplay and loop only when there are more items than slides shown (spec §5). Without
 * JavaScript the row scrolls sideways by itself.
 */
export function Carousel<T>({ title, items, itemKey, renderItem, moreHref }: CarouselProps<T>) {
  const headingId = useId();
  const shown = useSlidesShown();
  const moving = shown != null && items.length > shown;
  const [emblaRef, embla] = useEmblaCarousel(
    { loop: moving, align: 'start', duration: EMBLA_DURATION, active: shown != null },
    moving ? [Autoplay({ delay: AUTOPLAY_DELAY_MS, stopOnInteraction: true, stopOnMouseEnter: true, stopOnFocusIn: true })] : [],
  );
  // Embla is a store outside React: read its state through a subscription (the server renders the defaults).
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!embla) return () => {};
      embla.on('select', changed).on('reInit', changed).on('autoplay:play', changed).on('autoplay:stop', changed);
      return () => {
        embla.off('select', changed).off('reInit', changed).off('autoplay:play', changed).off('autoplay:stop', changed);
      };
    },
    [embla],
  );
  const canPrev = useSyncExternalStore(subscribe, () => embla?.canScrollPrev() ?? false, () => false);
  const canNext = useSyncExternalStore(subscribe, () => embla?.canScrollNext() ?? false, () => false);
  const playing = useSyncExternalStore(subscribe, () => (embla ? !!embla.plugins().autoplay?.isPlaying() : true), () => true);

  const togglePlay = () => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (autoplay.isPlaying()) autoplay.stop();
    else autoplay.play();
  };

  if (!items.length) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="carousel" data-moving={moving ? 'true' : 'false'}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <div className={styles.controls}>
          {moving ? (
            <button type="button" className={styles.control} onClick={togglePlay} aria-label={playing ? `Pausar ${title}` : `Continuar ${title}`}>
              {playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />}
            </button>
          ) : null}
          {shown != null && (canPrev || canNext) ? (
            <>
              <button type="button" className={styles.control} onClick={() => embla?.scrollPrev()} disabled={!canPrev} aria-label={`Anteriores de ${title}`}>
                <ChevronLeft size={18} aria-hidden="true" />
              </button>
              <button type="button" className={styles.control} onClick={() => embla?.scrollNext()} disabled={!canNext} aria-label={`Próximos de ${title}`}>
                <ChevronRight size={18} aria-hidden="true" />
              </button>
            </>
          ) : null}
          {moreHref ? (
            <Link to={moreHref} className={styles.more} aria-label={`Ver tudo: ${title}`}>
              Ver tudo
            </Link>
          ) : null}
        </div>
      </div>
      <div className={styles.viewport} ref={emblaRef} data-ready={shown != null || undefined}>
        <ul className={styles.container}>
          {items.map((item) => (
            <li className={styles.slide} key={itemKey(item)}>
              {renderItem(item)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
