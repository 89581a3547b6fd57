import { Link } from 'react-router';
import type { Banner } from '@marquee/domain/catalog';
import { Carousel, CarouselControlsPlaceholder } from '../../../components/ui/carousel';
import { Skeleton } from '../../../components/ui/skeleton';
import { useBanners } from '../api/get-banners';

const AUTOPLAY_MS = 7000;

/** Full-width promotional banners; they glide on their own until hovered, focused, paused or reduced motion. */
export function BannerSlider() {
  const banners = useBanners();

  if (banners.isPending) {
    // The slider's own shape (slide padding, the caption under the image on a phone, the controls row),
    // so nothing below moves when the banners arrive.
    return (
      <div aria-hidden="true" className="py-2">
        <div className="overflow-hidden rounded-2xl">
          <Skeleton className="aspect-[8/3] w-full rounded-none" />
          <div className="h-[4.75rem] bg-brand-950/10 sm:hidden" />
        </div>
        <CarouselControlsPlaceholder />
      </div>
    );
  }
  // Banners are decoration around the catalogue: if they fail, the page goes on without them.
  if (banners.isError || banners.data.length === 0) return null;

  return (
    <Carousel label="Featured events" isLooping autoplayMs={AUTOPLAY_MS}>
      {banners.data.map((banner, index) => (
        <BannerSlide key={banner.id} banner={banner} isFirst={index === 0} />
      ))}
    </Carousel>
  );
}

function BannerSlide({ banner, isFirst }: { banner: Banner; isFirst: boolean }) {
  const content = (
    <>
      <img
        src={banner.image}
        alt=""
        width={1600}
        height={600}
        // The first banner is the largest thing on the page: fetch it first. The others can wait.
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : 'auto'}
        decoding="async"
        className="aspect-[8/3] w-full bg-brand-950 object-cover"
      />
      {/* At least the skeleton's caption height on a phone (a title and a subtitle line). */}
      <div className="min-h-[4.75rem] bg-brand-950 px-4 py-3 text-white sm:absolute sm:min-h-0 sm:inset-x-0 sm:bottom-0 sm:bg-transparent sm:bg-linear-to-t sm:from-brand-950/95 sm:via-brand-950/60 sm:to-transparent sm:px-8 sm:pt-32 sm:pb-6">
        <p className="text-lg font-bold sm:text-3xl">{banner.title}</p>
        {banner.subtitle ? <p className="mt-1 text-sm text-brand-100 sm:text-base">{banner.subtitle}</p> : null}
      </div>
    </>
  );
  const className = 'relative block overflow-hidden rounded-2xl bg-brand-950';
  // Banners may point inside Marquee (client-side navigation) or elsewhere.
  return banner.link.startsWith('/') ? (
    <Link to={banner.link} className={className}>
      {content}
    </Link>
  ) : (
    <a href={banner.link} className={className}>
      {content}
    </a>
  );
}
