import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ConsoleProviders, createQueryClient } from './app/providers';
import { createConsoleRouter } from './app/router';
import { nonceScriptStyles, readCspNonce } from './app/csp-nonce';
import './app/console.css';

dayjs.locale('zh-cn');
// Before anything renders: antd's first <style> elements need the page's CSP nonce.
const nonce = readCspNonce();
nonceScriptStyles(nonce);

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
const queryClient = createQueryClient();
createRoot(root).render(
  <StrictMode>
    <ConsoleProviders queryClient={queryClient} cspNonce={nonce}>
      <RouterProvider router={createConsoleRouter()} />
    </ConsoleProviders>
  </StrictMode>,
);
