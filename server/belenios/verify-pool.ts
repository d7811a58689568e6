import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BeleniosCheck } from '@shared/belenios';
import { DomainError } from '../errors/domain-error';
import type { CredentialList, TaskResults, VerifyTask } from './verify-tasks';

/**
 * Belenios' checks cost 2048-bit modular exponentiations (a five-candidate ballot: dozens), so they run in
 * worker threads, never on the event loop: public reads stay quick while ballots arrive. The line in front of
 * the workers is bounded: past `queueLimit` waiting ballots a cast is refused at once (429 with Retry-After)
 * rather than left to wait for seconds. Other tasks (a trustee key, a share, the tally) are rare and always wait.
 */
export interface VerifyPoolOptions {
  size: number;
  queueLimit: number;
}

/** A check of the core refused the object (its BeleniosCheck says which). */
export class BeleniosRefusal extends Error {
  constructor(
    readonly check: BeleniosCheck,
    message: string,
  ) {
    super(message);
    this.name = 'BeleniosRefusal';
  }
}

/** A list a task names: `load` reads it (on the event loop), only for a worker that does not hold it yet. */
export interface ListSource {
  name: string;
  load: () => readonly string[];
}

interface Job {
  id: number;
  task: VerifyTask;
  list?: ListSource;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  startedAt: number;
  /** The lists this worker was sent (it may have forgotten some since: it then says so, and is sent it again). */
  lists: Set<string>;
}

type Reply = {
  id: number;
  result?: unknown;
  refused?: BeleniosCheck;
  message?: string;
  failed?: string;
  missingList?: string;
};

/** The worker's file: the bundle's JavaScript beside it in production, the TypeScript source through tsx otherwise. */
function workerFile(): { url: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { url: new URL('./verify-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { url: new URL('./verify-worker.js', import.meta.url), execArgv: [] };
}

export class VerifyPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Milliseconds the last tasks took, averaged: what Retry-After is estimated from. */
  private averageMs = 50;

  constructor(readonly options: VerifyPoolOptions) {
    for (let i = 0; i < options.size; i += 1) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const { url, execArgv } = workerFile();
    const slot: Slot = { worker: new Worker(url, { execArgv }), job: null, startedAt: 0, lists: new Set() };
    slot.worker.unref();
    slot.worker.on('message', (reply: Reply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      if (reply.missingList !== undefined) {
        slot.lists.delete(reply.missingList);
        this.post(slot, job);
        return;
      }
      slot.job = null;
      this.averageMs = this.averageMs * 0.9 + (performance.now() - slot.startedAt) * 0.1;
      if (reply.refused) job.reject(new BeleniosRefusal(reply.refused, reply.message ?? ''));
      else if (reply.failed !== undefined)
        job.reject(new Error(`a verification worker failed: ${reply.failed}`));
      else job.resolve(reply.result);
      this.next(slot);
    });
    const replace = (error: Error) => {
      const job = slot.job;
      slot.job = null;
      job?.reject(error);
      if (this.closed) return;
      const index = this.slots.indexOf(slot);
      if (index >= 0) {
        this.slots[index] = this.spawn();
        this.next(this.slots[index] as Slot);
      }
    };
    slot.worker.on('error', replace);
    slot.worker.on('exit', (code) => replace(new Error(`a verification worker stopped (exit code ${code})`)));
    return slot;
  }

  private next(slot: Slot): void {
    if (slot.job || this.closed) return;
    const job = this.waiting.shift();
    if (!job) return;
    slot.startedAt = performance.now();
    slot.worker.ref();
    this.post(slot, job);
  }

  /** Gives a worker its job, with the list the job names when the worker was never sent it. */
  private post(slot: Slot, job: Job): void {
    slot.job = job;
    let list: CredentialList | undefined;
    if (job.list && !slot.lists.has(job.list.name)) {
      try {
        list = { name: job.list.name, credentials: job.list.load() };
      } catch (error) {
        slot.job = null;
        job.reject(error instanceof Error ? error : new Error(String(error)));
        this.next(slot);
        return;
      }
      slot.lists.add(job.list.name);
    }
    slot.worker.postMessage({ id: job.id, task: job.task, list });
  }

  /** Seconds until a refused caller may find a place: the line ahead of it, worked off by every worker. */
  retryAfterSeconds(): number {
    const ahead = this.waiting.length + this.options.size;
    return Math.max(1, Math.ceil((ahead * this.averageMs) / this.options.size / 1000));
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs a task in the next free worker; `list`: the credential list the task names, if it names one. */
  run<K extends VerifyTask['kind']>(
    task: Extract<VerifyTask, { kind: K }>,
    list?: ListSource,
  ): Promise<TaskResults[K]> {
    if (this.closed) return Promise.reject(new Error('the verification pool is closed'));
    if (task.kind === 'ballot' && this.waiting.length >= this.options.queueLimit) {
      return Promise.reject(new DomainError('verifiable.busy', { seconds: this.retryAfterSeconds() }));
    }
    return new Promise((resolve, reject) => {
      this.waiting.push({
        id: this.nextId++,
        task,
        list,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      const idle = this.slots.find((s) => !s.job);
      if (idle) this.next(idle);
    }).finally(() => {
      for (const slot of this.slots) if (!slot.job) slot.worker.unref();
    }) as Promise<TaskResults[K]>;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('the verification pool is closed'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/** One pool for the process: every core but one (the event loop's), and room for a few seconds of ballots. */
const DEFAULT_OPTIONS: VerifyPoolOptions = {
  size: Math.max(1, availableParallelism() - 1),
  queueLimit: 200,
};

let pool: VerifyPool | undefined;
let options = DEFAULT_OPTIONS;

export function verifyPool(): VerifyPool {
  pool ??= new VerifyPool(options);
  return pool;
}

/** A pool of another size (tests: a small one to fill); the old one finishes nothing more. */
export async function configureVerifyPool(next: VerifyPoolOptions): Promise<void> {
  options = next;
  const old = pool;
  pool = undefined;
  await old?.close();
}

/** Ends the pool's threads (the server closing); the next use starts a new pool. */
export async function closeVerifyPool(): Promise<void> {
  const old = pool;
  pool = undefined;
  await old?.close();
}
