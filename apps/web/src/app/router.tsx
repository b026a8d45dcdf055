import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { RouteErrorPage } from './route-error-page';

/**
 * One catch-all route: the session decides which route table applies (spec 2 has one per kind of visitor),
 * and AppRoot renders that table with useRoutes.
 */
export const rootRoutes: RouteObject[] = [{ path: '*', element: <AppRoot />, errorElement: <RouteErrorPage /> }];

export const createAppRouter = () => createBrowserRouter(rootRoutes);
