import { QueryClient } from '@tanstack/react-query';
import { isApiRefusal } from './api-refusal';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A refusal will not get better by asking again.
        retry: (failureCount, error) => !isApiRefusal(error) && failureCount < 2,
      },
    },
  });
}
