import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { Toaster } from './components/ui/toaster';
import { ApiError } from './lib/api';
import { sessionQuery } from './lib/session';
import './styles.css';

/** A 401 anywhere means the session ended (expired, or signed out elsewhere): back to sign-in. */
function onApiError(error: Error) {
  if (error instanceof ApiError && error.status === 401)
    queryClient.setQueryData(sessionQuery.queryKey, null);
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        failures < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Toaster>
        <AppRouter />
      </Toaster>
    </QueryClientProvider>
  </StrictMode>,
);
