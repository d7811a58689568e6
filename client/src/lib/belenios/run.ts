import type { BeleniosRequest, BeleniosResponse } from './protocol';

/** A Belenios step that failed in the worker: `check` says which kind (BeleniosCheck, or 'internal'). */
export class BeleniosWorkerError extends Error {
  constructor(
    readonly check: string,
    message: string,
  ) {
    super(message);
    this.name = 'BeleniosWorkerError';
  }
}

type ResponseOf<K extends BeleniosRequest['kind']> = Extract<BeleniosResponse, { kind: K }>;

/**
 * Runs one Belenios step in a fresh worker (the core loads only when a verifiable screen needs it) and ends the
 * worker after it answers.
 */
export function runBelenios<R extends BeleniosRequest>(request: R): Promise<ResponseOf<R['kind']>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./belenios.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<BeleniosResponse>) => {
      worker.terminate();
      const response = event.data;
      if (response.kind === 'error') reject(new BeleniosWorkerError(response.check, response.message));
      else resolve(response as ResponseOf<R['kind']>);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new BeleniosWorkerError('internal', event.message || 'the worker failed'));
    };
    worker.postMessage(request);
  });
}

/** The election's public archive (the /verify page looks for a tracker in it). */
export async function fetchArchive(electionId: string): Promise<ArrayBuffer> {
  const response = await fetch(`/api/v1/elections/${encodeURIComponent(electionId)}/archive.bel`, {
    cache: 'no-cache',
  });
  if (!response.ok) throw new BeleniosWorkerError('archive', `the archive answered ${response.status}`);
  return response.arrayBuffer();
}
