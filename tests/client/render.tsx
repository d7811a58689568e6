import '@client/lib/zod-csp';
import { i18n } from '@client/i18n';
import type { Language } from '@client/i18n/language';
import { SessionProvider } from '@client/lib/auth';
import { type SessionUser, setSessionState } from '@client/lib/session';
import { createApiClient, TRPCProvider } from '@client/lib/trpc';
import { cssVariablesResolver, theme } from '@client/theme';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import superjson from 'superjson';
import { afterEach, vi } from 'vitest';

/**
 * Mounts a component the way the app does (client/src/root.tsx, lib/data.tsx): Mantine with the site's theme,
 * React Query and tRPC, a router, i18next with the real locale files in English or Somali, and the toasts'
 * view. The server is a fake /trpc that answers from the test's handlers and records every call, so a test
 * can check what was sent (and that nothing was). Test files using it are `.test.tsx` files, which run in
 * happy-dom (the `components` project of vitest.config.ts); the `.test.ts` files run in Node.
 */

/**
 * What the server answers a procedure, from its input (a value, or a promise: a test may ask the real router
 * through a caller); throw `new ServerError(...)` for an error answer.
 */
export type Handler = (input: unknown) => unknown;

/** An error answer as the server gives it: tRPC's code, its HTTP status, the sentence in the reader's language. */
export class ServerError extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Call {
  procedure: string;
  input: unknown;
}

/** A fake fetch answering `/trpc` like the server: batched queries (GET) and one mutation per POST, superjson. */
export function fakeTrpc(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const answer = async (procedure: string, input: unknown) => {
    calls.push({ procedure, input });
    const handler = handlers[procedure];
    try {
      if (!handler) throw new ServerError('NOT_FOUND', 404, `No procedure ${procedure} in this test`);
      return { status: 200, body: { result: { data: superjson.serialize(await handler(input)) } } };
    } catch (error) {
      if (!(error instanceof ServerError)) throw error;
      const data = { code: error.code, httpStatus: error.httpStatus, path: procedure };
      const shape = { message: error.message, code: -32600, data };
      return { status: error.httpStatus, body: { error: superjson.serialize(shape) } };
    }
  };
  const fetch = async (request: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(request instanceof Request ? request.url : request), 'http://codka.test');
    const procedures = url.pathname.slice('/trpc/'.length).split(',');
    const json = (body: unknown, status: number) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.searchParams.get('batch') === '1') {
      const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, unknown>;
      const answers = await Promise.all(
        procedures.map((procedure, index) => answer(procedure, deserialize(inputs[String(index)]))),
      );
      const status = answers.every((one) => one.status === 200) ? 200 : 207;
      return json(
        answers.map((one) => one.body),
        status,
      );
    }
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const one = await answer(procedures[0] ?? '', deserialize(body));
    return json(one.body, one.status);
  };
  return { fetch, calls };
}

function deserialize(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  return superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]);
}

/** A signed-in reader as the session check returns one: a verified citizen unless told otherwise. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    fullName: 'Asha Ali',
    email: 'asha@example.so',
    isAdmin: false,
    role: null,
    emailVerified: true,
    phone: null,
    phoneConfirmed: false,
    ...overrides,
  };
}

export interface RenderOptions {
  language?: Language;
  /** Locale namespaces the component reads (besides common), loaded from client/src/i18n/locales. */
  namespaces?: string[];
  /** Who is signed in (the session store the header and pages read); null or left out: a visitor. */
  user?: SessionUser | null;
  /** The procedures the component may call. */
  server?: Record<string, Handler>;
  /** The route pattern the component is mounted at, and the address the router starts on. */
  route?: string;
  path?: string;
}

/** Renders `ui` inside the app's providers; resolves once the texts are loaded. */
export async function renderWithApp(ui: ReactNode, options: RenderOptions = {}) {
  polyfillBrowser();
  const { language = 'en', namespaces = [], user = null, route = '/', path = route } = options;
  await i18n.changeLanguage(language);
  // The error texts come with every page but the landing page (lib/page-route.ts).
  await i18n.loadNamespaces(['common', 'errors', ...namespaces]);
  setSessionState({ loading: false, user });

  const server = fakeTrpc(options.server ?? {});
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  // As lib/query-client.ts, without retries: a failure shows at once.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const trpcClient = createApiClient();
  const router = createMemoryRouter(
    [
      { path: route, element: ui },
      // Where a link led: the tests read the address from router.state.location.
      { path: '*', element: <p>Another page</p> },
    ],
    { initialEntries: [path] },
  );
  // env="test": Mantine renders modals and toasts in place, without transitions, so a test reads them at once.
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {/* As root.tsx: a component whose texts are still loading suspends here. */}
          <Suspense fallback={null}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </Suspense>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user: userEvent.setup(), calls: server.calls, router, queryClient };
}

afterEach(() => {
  cleanup();
  notifications.clean();
  setSessionState({ loading: true, user: null });
  vi.unstubAllGlobals();
});

/** What Mantine reads from a browser and happy-dom does not provide. */
function polyfillBrowser(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  // Textarea's autosize listens for web fonts loading.
  if (!document.fonts)
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
}

/** The message Mantine shows under a field (linked by aria-describedby), or null when it has none. */
export function errorUnder(field: HTMLElement): string | null {
  // Not aria-invalid: Mantine's PasswordInput leaves it off (it sets data-invalid), its message is linked the same.
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  const messages = ids.map((id) => document.getElementById(id)?.textContent).filter(Boolean);
  return messages.length > 0 ? messages.join(' ') : null;
}
