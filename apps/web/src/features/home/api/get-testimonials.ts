import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TestimonialSchema } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';

const TestimonialListSchema = z.array(TestimonialSchema);

export function getTestimonials(signal?: AbortSignal) {
  return apiGet('/api/testimonials', TestimonialListSchema, { signal });
}

export function getTestimonialsQueryOptions() {
  return queryOptions({
    queryKey: ['testimonials'],
    queryFn: ({ signal }) => getTestimonials(signal),
    // Static content (spec: about 10 entries).
    staleTime: 30 * 60_000,
  });
}

export function useTestimonials() {
  return useQuery(getTestimonialsQueryOptions());
}
