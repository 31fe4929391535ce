import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, askFirstReads } from './app/router';
import { formatNumber } from '../shared/units/numbers';
import { Toaster } from './components/ui/toaster';
import { startServiceWorker } from './lib/app-update';
import { farmToday } from './lib/dates';
import { startOutbox } from './lib/outbox';
import {
  forgetOtherUsers,
  keepReadsOnDevice,
  queryClient,
  refreshRestored,
  restoreReads,
} from './lib/query-client';
import { sessionQuery } from './lib/session';
import './styles.css';

/**
 * The device's copy of the reads goes into the cache before the first render (one IndexedDB read),
 * so that the first screen is the farm, not 'Loading...' and then the farm; it is shown at once and
 * refreshed. Then the cache is kept on the device, and the outbox can tell whose changes are whose.
 */
async function start() {
  const restored = restoreReads();
  // The first date format loads the browser's locale data: 20–50 ms of a phone's main thread, spent
  // here while the device's copy is read rather than inside the first page's render; the first
  // number format its number data (~15 ms of a phone's, Production's figures).
  farmToday(undefined);
  formatNumber(0);
  await restored;
  // asked now rather than when the guard first renders: the page's chunk loads meanwhile
  void queryClient.prefetchQuery(sessionQuery);
  askFirstReads(location.pathname);
  void refreshRestored();
  keepReadsOnDevice();
  forgetOtherUsers();
  startOutbox();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Toaster>
          <AppRouter />
        </Toaster>
      </QueryClientProvider>
    </StrictMode>,
  );
  startServiceWorker();
}

void start();
