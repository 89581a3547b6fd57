import { useId } from 'react';
import { Carousel, CarouselControlsPlaceholder } from '../../../components/ui/carousel';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTestimonials } from '../api/get-testimonials';
import { HOME_SLIDE_CLASSES, SKELETON_GRID_CLASSES, SKELETON_SLOT_CLASSES } from './slider-layout';

/** Spec 2: the testimonials slider (title, profession, description), up to 4 cards at once. */
export function TestimonialsSlider() {
  const headingId = useId();
  const testimonials = useTestimonials();

  // Nothing to show: no empty section on the home page.
  if (testimonials.isSuccess && testimonials.data.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-bold tracking-tight text-brand-950 sm:text-3xl">
        What Our Customers Say
      </h2>
      {testimonials.isPending ? (
        <>
          <div aria-busy="true" className={SKELETON_GRID_CLASSES}>
            <p className="sr-only">Loading testimonials…</p>
            {SKELETON_SLOT_CLASSES.map((slotClass, index) => (
              <Skeleton key={index} className={`h-56 rounded-xl ${slotClass}`} />
            ))}
          </div>
          <CarouselControlsPlaceholder />
        </>
      ) : testimonials.isError ? (
        <ErrorState
          headingLevel={3}
          title="Testimonials could not be loaded"
          onRetry={() => void testimonials.refetch()}
          isRetrying={testimonials.isFetching}
        />
      ) : (
        <Carousel label="Testimonials" slideClassName={HOME_SLIDE_CLASSES} isViewportFocusable>
          {testimonials.data.map((testimonial) => (
            <figure
              key={testimonial.id}
              className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                width="28"
                height="28"
                className="text-accent-500"
                fill="currentColor"
              >
                <path d="M9.5 6C6.5 6 4 8.5 4 11.5V18h6v-6H7c0-1.7 1.3-3 3-3V6h-.5Zm10 0c-3 0-5.5 2.5-5.5 5.5V18h6v-6h-3c0-1.7 1.3-3 3-3V6h-.5Z" />
              </svg>
              <blockquote className="flex-1 text-slate-800">
                <p>{testimonial.description}</p>
              </blockquote>
              <figcaption className="border-t border-slate-200 pt-3">
                <p className="font-semibold text-brand-950">{testimonial.title}</p>
                <p className="text-sm text-slate-700">{testimonial.profession}</p>
              </figcaption>
            </figure>
          ))}
        </Carousel>
      )}
    </section>
  );
}
