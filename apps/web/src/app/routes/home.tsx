import { PageContainer } from '../../components/layout/page-container';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BannerSlider } from '../../features/home/components/banner-slider';
import { TestimonialsSlider } from '../../features/home/components/testimonials-slider';
import { TrendingEvents } from '../../features/home/components/trending-events';

/** Home (spec 2): banners, the category tabs with Trending Events, testimonials. */
export function Component() {
  useDocumentTitle();
  return (
    <PageContainer className="flex flex-col gap-12 py-6 sm:gap-16 sm:py-10">
      {/* The banners speak for themselves visually; the page still needs its one h1 for the outline. */}
      <h1 className="sr-only">Marquee: tickets for concerts, theatre, dance and university events</h1>
      <BannerSlider />
      <TrendingEvents />
      <TestimonialsSlider />
    </PageContainer>
  );
}
