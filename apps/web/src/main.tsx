import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { fetchCsrfCookie } from './lib/csrf-cookie';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
// Spec 7: the CSRF cookie is asked for on app start, so the first form sent carries its token.
void fetchCsrfCookie();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
