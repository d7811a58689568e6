import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The browser's router: created on import, so only the browser entry (App.tsx) imports this module. */
export const router = createBrowserRouter(routes);
