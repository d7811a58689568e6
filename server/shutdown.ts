/** How long a stop may take: what is still running then is cut short. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

interface StopOptions {
  /** Stops taking requests, lets those in flight finish, closes the database. */
  stop: () => Promise<void>;
  /** Best effort: logging must never be what keeps the process from exiting. */
  log: (message: string) => void;
  /** Closes what can be closed at once (the database), for the forced exits. */
  closeNow: () => void;
  deadlineMs?: number;
}

/**
 * SIGTERM/SIGINT: finish in-flight requests and exit 0, or exit 1 at the deadline, whatever is still running.
 * The deadline is armed first, before anything that can throw or wait (a log line included). A second signal
 * during the stop means "now": exit 1 at once instead of being ignored.
 */
export function stopOnSignals({ stop, log, closeNow, deadlineMs = SHUTDOWN_DEADLINE_MS }: StopOptions): void {
  let stopping = false;
  const exitNow = (reason: string) => {
    safely(() => log(reason));
    safely(closeNow);
    process.exit(1);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      exitNow(`${signal} again during the shutdown; exiting now`);
      return;
    }
    stopping = true;
    setTimeout(
      () => exitNow(`shutdown took longer than ${deadlineMs / 1000} s; exiting`),
      deadlineMs,
    ).unref();
    safely(() => log(`${signal}: shutting down`));
    stop().then(
      () => process.exit(0),
      (error: unknown) => exitNow(`shutdown failed: ${String(error)}`),
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // Nothing to report to: the output itself may be what failed.
  }
}
