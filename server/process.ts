import { EnvError, loadEnv, type Env } from '#server/env.ts';

// What both entry points (main.ts: the web process; worker.ts: `npm run worker`) do around their
// own work: read the settings or stop with every problem listed, and stop gracefully on a signal.

/** The settings, or exit 1 with one message that lists every bad variable. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error: unknown) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\nSee README.md (Configuration) or .env.example.\n`);
      process.exit(1);
    }
    throw error;
  }
}

interface ShutdownLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * On SIGTERM or SIGINT, runs `stop` once (what is in flight finishes) and exits 0, or exits 1
 * when it fails or takes longer than `timeoutMs`.
 */
export function stopOnSignal(options: {
  name: string;
  timeoutMs: number;
  log: ShutdownLog;
  stop: () => Promise<void>;
}): void {
  const { name, log } = options;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `${name} stopping: finishing the work in flight`);
    const timer = setTimeout(() => {
      log.error({}, `${name} shutdown timed out; exiting`);
      process.exit(1);
    }, options.timeoutMs);
    timer.unref();
    try {
      await options.stop();
      log.info({}, `${name} stopped`);
      process.exit(0);
    } catch (error: unknown) {
      log.error({ err: error }, `error while stopping the ${name}`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}
