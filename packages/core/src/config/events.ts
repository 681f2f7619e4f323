import { EventError } from "../errors.js";
import type { EventCallbacks } from "../types/events.js";
import type { LoggerInstance } from "../types/logger.js";

/**
 * The user's event handlers, each wrapped so that a throw is logged as `EventError` and never
 * fails the request: events are for audit logging, not control flow.
 */
export function guardEvents(events: EventCallbacks | undefined, logger: LoggerInstance): EventCallbacks {
  const guarded: Record<string, (message: never) => Promise<void>> = {};
  for (const [name, handler] of Object.entries(events ?? {})) {
    if (typeof handler !== "function") continue;
    guarded[name] = async (message) => {
      try {
        await (handler as (m: unknown) => unknown)(message);
      } catch (error) {
        logger.error("EventError", new EventError(`The ${name} event handler threw.`, { cause: { err: error as Error, event: name } }));
      }
    };
  }
  return guarded as EventCallbacks;
}
