import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { BannerSchema } from '@marquee/domain/catalog';
import { apiGet } from '../../../lib/api-client';
import { takeInitialResponse } from '../../../lib/initial-responses';

const BannerListSchema = z.array(BannerSchema);
const BANNERS_PATH = '/api/banners';

export function getBanners(signal?: AbortSignal) {
  return apiGet(BANNERS_PATH, BannerListSchema, { signal });
}

export function getBannersQueryOptions() {
  return queryOptions({
    queryKey: ['banners'],
    queryFn: ({ signal }) => getBanners(signal),
    // Banners change rarely; keep them for the visit.
    staleTime: 5 * 60_000,
    // The home page's HTML carries them: the first render shows the first banner, with no skeleton between.
    initialData: () => takeInitialResponse(BANNERS_PATH, BannerListSchema),
  });
}

export function useBanners() {
  return useQuery(getBannersQueryOptions());
}
