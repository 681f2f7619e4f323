import type { LoggerInstance } from "../types/logger.js";

const red = "\x1b[31m";
const yellow = "\x1b[33m";
const grey = "\x1b[90m";
const reset = "\x1b[0m";

/** The default logger: the console, with a code per line. */
export const consoleLogger: LoggerInstance = {
  error(code, ...message) {
    console.error(`${red}[latch][error]${reset} ${code}`, ...message);
  },
  warn(code, ...message) {
    console.warn(`${yellow}[latch][warn]${reset} ${code}`, ...message);
  },
  debug(code, ...message) {
    console.log(`${grey}[latch][debug]${reset} ${code}`, ...message);
  },
};

/** The user's logger over the console one; `debug` is silent unless `debug` is on. */
export function resolveLogger(logger: Partial<LoggerInstance> | undefined, debug: boolean): LoggerInstance {
  return {
    error: logger?.error ?? consoleLogger.error,
    warn: logger?.warn ?? consoleLogger.warn,
    debug: debug ? (logger?.debug ?? consoleLogger.debug) : () => {},
  };
}
