/** React Router's build of the route modules (routes.ts), read by page-handler.ts: a ServerBuild. */
declare module 'virtual:react-router/server-build';
