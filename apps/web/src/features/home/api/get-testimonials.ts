import { queryOptions, useQuery } from '@tanstack/react-query';
import { TestimonialListSchema } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';
import { takeInitialResponse } from '../../../lib/initial-responses';

const TESTIMONIALS_PATH = '/api/testimonials';

export function getTestimonials(signal?: AbortSignal) {
  return apiGet(TESTIMONIALS_PATH, TestimonialListSchema, { signal });
}

export function getTestimonialsQueryOptions() {
  return queryOptions({
    queryKey: ['testimonials'],
    queryFn: ({ signal }) => getTestimonials(signal),
    // Static content (spec: about 10 entries).
    staleTime: 30 * 60_000,
    // The home page's HTML carries them (apps/server/src/modules/pages): the first render has them.
    initialData: () => takeInitialResponse(TESTIMONIALS_PATH, TestimonialListSchema),
  });
}

export function useTestimonials() {
  return useQuery(getTestimonialsQueryOptions());
}
