import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { configureApi } from './app/configure-api';
import { syncSessionAcrossTabs } from './app/session/session-store';

configureApi();
syncSessionAcrossTabs();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
