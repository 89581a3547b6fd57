import { useId } from 'react';
import { emptyCategoryMessage } from '@marquee/domain/categories';
import { ButtonLink } from '../../../components/ui/button';
import { Carousel, CarouselControlsPlaceholder } from '../../../components/ui/carousel';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { EventCard, EventCardSkeleton } from '../../../components/ui/event-card';
import { paths } from '../../../config/paths';
import { useTrendingEvents } from '../api/get-trending-events';
import { HOME_TABS, useActiveTab } from '../hooks/use-active-tab';
import { CategoryTabs, categoryTabId } from './category-tabs';
import { HOME_SLIDE_CLASSES, SKELETON_GRID_CLASSES, SKELETON_SLOT_CLASSES } from './slider-layout';

/** Spec 2: the category tabs, the Trending Events of the active one, and View All to its route. */
export function TrendingEvents() {
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const panelId = `${idPrefix}-panel`;
  const [activeTab, setActiveTab] = useActiveTab();
  const trending = useTrendingEvents(activeTab.key);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">
          Trending Events
        </h2>
        <ButtonLink to={paths.category(activeTab.key)} variant="secondary">
          View All
        </ButtonLink>
      </div>

      <CategoryTabs
        tabs={HOME_TABS}
        activeTab={activeTab}
        onSelect={setActiveTab}
        panelId={panelId}
        idPrefix={idPrefix}
      />

      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={categoryTabId(idPrefix, activeTab)}
        aria-busy={trending.isPending}
        // Focusable so keyboard users reach the panel even when it holds only a message (APG tabs).
        tabIndex={0}
        className="rounded-lg"
      >
        {trending.isPending ? (
          <>
            <p className="sr-only">Loading trending events…</p>
            <div className={SKELETON_GRID_CLASSES}>
              {SKELETON_SLOT_CLASSES.map((slotClass, index) => (
                <div key={index} className={slotClass}>
                  <EventCardSkeleton />
                </div>
              ))}
            </div>
            <CarouselControlsPlaceholder />
          </>
        ) : trending.isError ? (
          <ErrorState
            headingLevel={3}
            title="Trending events could not be loaded"
            onRetry={() => void trending.refetch()}
            isRetrying={trending.isFetching}
          />
        ) : trending.data.data.length === 0 ? (
          <EmptyState headingLevel={3} title={emptyCategoryMessage(activeTab.key)} />
        ) : (
          <Carousel
            // A new category starts from its first card.
            key={activeTab.key}
            label={
              activeTab.key === 'all' ? 'Trending in all categories' : `Trending in ${activeTab.name.toLowerCase()}`
            }
            slideClassName={HOME_SLIDE_CLASSES}
          >
            {trending.data.data.map((event) => (
              <EventCard key={event.uid} event={event} headingLevel={3} />
            ))}
          </Carousel>
        )}
      </div>
    </section>
  );
}
