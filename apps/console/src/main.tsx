import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ConsoleProviders, createQueryClient } from './app/providers';
import { createConsoleRouter } from './app/router';

dayjs.locale('zh-cn');

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
const queryClient = createQueryClient();
createRoot(root).render(
  <StrictMode>
    <ConsoleProviders queryClient={queryClient}>
      <RouterProvider router={createConsoleRouter()} />
    </ConsoleProviders>
  </StrictMode>,
);
