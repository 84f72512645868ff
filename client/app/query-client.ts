// The app's one TanStack Query client (server and worker data), created once: the providers hand
// it to components and route preparation passes it to the features it calls.
import { QueryClient } from '@tanstack/react-query';

export const appQueryClient = new QueryClient({ defaultOptions: { queries: { retry: 1 } } });
