import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { Toaster } from './components/ui/toaster';
import { startServiceWorker } from './lib/app-update';
import { startOutbox } from './lib/outbox';
import { forgetOtherUsers, persistOptions, queryClient, refreshRestored } from './lib/query-client';
import './styles.css';

/** What the device kept is in place (or could not be read): now the outbox can tell whose changes are whose. */
function start() {
  void refreshRestored();
  forgetOtherUsers();
  startOutbox();
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={start}
      onError={start}
    >
      <Toaster>
        <AppRouter />
      </Toaster>
    </PersistQueryClientProvider>
  </StrictMode>,
);

startServiceWorker();
