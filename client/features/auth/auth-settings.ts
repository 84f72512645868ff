// The server's session refresh settings (GET apiPaths.authSettings), cached for the page's life.
import { useQuery } from '@tanstack/react-query';
import { fetchAuthSettings } from './auth-api';

export function useAuthSettings() {
  return useQuery({
    queryKey: ['auth', 'settings'],
    queryFn: fetchAuthSettings,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
