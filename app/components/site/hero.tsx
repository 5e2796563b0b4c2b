import { useEffect, useState } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from '~/lib/i18n-react';
import { imageSrcSet, imageUrl, SRCSET_PRESETS } from '~/lib/every-page/image-url';
import { useHydrated } from '~/lib/use-hydrated';

export const HERO_INTERVAL_MS = 5000;

const heroSrc = (src: string) => imageUrl(src, { w: 1600, q: SRCSET_PRESETS.hero.q });
const heroSrcSet = (src: string) => imageSrcSet(src, SRCSET_PRESETS.hero);

export function Hero({ name, tagline, images }: { name: string; tagline: string; images: string[] }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = images.length;
  // The other slides can only be shown by the slideshow's script: they join the page once
  // it has hydrated, so that the document and the phone's first bandwidth go to the first.
  const slides = useHydrated() ? images : images.slice(0, 1);

  // The first slide is the page's largest image: fetch it before the stylesheet is parsed.
  if (images[0]) {
    preload(heroSrc(images[0]), { as: 'image', fetchPriority: 'high', imageSrcSet: heroSrcSet(images[0]), imageSizes: '100vw' });
  }

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (count < 2 || paused || reducedMotion) return;
    const timer = window.setInterval(() => setActive((i) => (i + 1) % count), HERO_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, paused, reducedMotion, active]);

  return (
    <section
      id="accueil"
      aria-roledescription={count > 1 ? t('hero.slideshow') : undefined}
      className="relative flex h-[400px] items-center justify-center overflow-hidden bg-primary text-center text-white"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      {slides.map((src, i) => (
        <img
          key={src}
          src={heroSrc(src)}
          srcSet={heroSrcSet(src)}
          sizes="100vw"
          alt={t('hero.imageAlt', { name, n: i + 1 })}
          aria-hidden={i !== active}
          fetchPriority={i === 0 ? 'high' : 'low'}
          loading={i === 0 ? 'eager' : 'lazy'}
          decoding="async"
          className={`absolute inset-0 h-full w-full object-cover transition-opacity duration-1000 motion-reduce:transition-none ${
            i === active ? 'opacity-100' : 'opacity-0'
          }`}
        />
      ))}
      {count > 0 ? <div aria-hidden className="absolute inset-0 bg-black/55" /> : null}
      <div className="relative z-10 max-w-3xl px-4">
        <h1 className="font-serif text-4xl font-semibold hero-text md:text-5xl">{name}</h1>
        <p className="hero-text mt-4 text-lg md:text-xl">{tagline}</p>
        <a href="#chambres" className="mt-8 inline-block rounded-md bg-white px-6 py-3 font-medium text-primary shadow hover:bg-white/90">
          {t('hero.discover')}
        </a>
      </div>
      {count > 1 ? (
        <div className="absolute bottom-4 left-1/2 z-10 flex -translate-x-1/2 gap-1">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              aria-label={t('hero.goTo', { n: i + 1, total: count })}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => setActive(i)}
              className="flex size-6 items-center justify-center rounded-full"
            >
              <span className={`block size-3 rounded-full border border-white ${i === active ? 'bg-white' : 'bg-white/30'}`} />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
