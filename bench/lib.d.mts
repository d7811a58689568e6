/** The benchmarks' shared helpers (lib.mjs), for the benchmarks written in TypeScript. */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: readonly string[];
export declare const BENCH_USSD_KEY: string;

export declare function freePort(): Promise<number>;

export interface BenchServer {
  origin: string;
  pid: number;
  readyMs: number;
  stop(): Promise<void>;
}
export declare function startServer(extraEnv?: Record<string, string>, folder?: string): Promise<BenchServer>;

export declare function median(values: readonly number[]): number;

/** One autocannon run (load-worker.mjs): its config, and the JSON summary it prints. */
export declare function load(config: Record<string, unknown>): Promise<Record<string, unknown>>;

export declare function startLoadServer(
  builder: string,
  args?: readonly string[],
  tree?: string,
): Promise<{ server: BenchServer; volume: Record<string, unknown>; stop(): Promise<void> }>;
