import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { BannerSchema } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';

const BannerListSchema = z.array(BannerSchema);

export function getBanners(signal?: AbortSignal) {
  return apiGet('/api/banners', BannerListSchema, { signal });
}

export function getBannersQueryOptions() {
  return queryOptions({
    queryKey: ['banners'],
    queryFn: ({ signal }) => getBanners(signal),
    // Banners change rarely; keep them for the visit.
    staleTime: 5 * 60_000,
  });
}

export function useBanners() {
  return useQuery(getBannersQueryOptions());
}
