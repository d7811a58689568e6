import type { AppRouter } from '@server/routers/_app';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';

/**
 * Step-up on the client (docs/product.md#step-up): a high-value action answers PRECONDITION_FAILED with
 * `data.stepUpRequired` (tRPC) or 428 with `error.stepUpRequired` (uploads, the CSV export). The password
 * dialog registers itself here; a refused mutation or upload waits for it and is sent again once, so the
 * admin confirms the password and the action simply goes through.
 */

/** True for the server's "Please confirm your password to continue." answer. */
export function isStepUpRequired(error: unknown): boolean {
  return (
    error instanceof TRPCClientError &&
    (error.data as { stepUpRequired?: boolean } | undefined)?.stepUpRequired === true
  );
}

type Asker = () => Promise<boolean>;
let asker: Asker | null = null;
let pending: Promise<boolean> | null = null;

/** The dialog mounts itself as the one that asks; it returns a function that unmounts it. */
export function registerStepUpAsker(ask: Asker): () => void {
  asker = ask;
  return () => {
    if (asker === ask) asker = null;
  };
}

/**
 * Asks the admin to confirm their password; resolves true once this session is stepped up, false when they
 * closed the dialog or no dialog is mounted. Requests refused at the same moment share one dialog.
 */
export function requestStepUp(): Promise<boolean> {
  if (!asker) return Promise.resolve(false);
  pending ??= asker().finally(() => {
    pending = null;
  });
  return pending;
}

/**
 * Mutations refused for a missing step-up are sent again once after the dialog succeeds. Queries are not:
 * pages whose reads need step-up show the form in place (StepUpGate) instead of a dialog over nothing.
 */
export const stepUpLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let retried = false;
      let subscription = next(op).subscribe({ next: forward, error: onError, complete });
      function forward(value: Parameters<typeof observer.next>[0]) {
        observer.next(value);
      }
      function complete() {
        observer.complete();
      }
      function onError(error: TRPCClientError<AppRouter>) {
        if (op.type !== 'mutation' || retried || op.path === 'auth.stepUp' || !isStepUpRequired(error)) {
          observer.error(error);
          return;
        }
        retried = true;
        void requestStepUp().then((confirmed) => {
          if (!confirmed) {
            observer.error(error);
            return;
          }
          subscription = next(op).subscribe({ next: forward, error: onError, complete });
        });
      }
      return () => subscription.unsubscribe();
    });

/** True for a plain route's 428 answer (uploads, the votes CSV). */
export function isStepUpResponse(response: Response): boolean {
  return response.status === 428;
}

/** Sends a plain admin request; on 428 asks for the password once and sends it again. */
export async function fetchWithStepUp(send: typeof fetch, url: string, init: () => RequestInit) {
  const response = await send(url, init());
  if (!isStepUpResponse(response) || !(await requestStepUp())) return response;
  return send(url, init());
}
