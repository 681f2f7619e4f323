/**
 * An adapter wrapper for tests: it records every call a real adapter receives and can make any
 * one of them fail, so that a test can say "nothing was written" or "this sign-in survives a
 * fault at its third adapter call". The adapter underneath is real; only the injected fault is not.
 */
import type { Adapter } from "@latch/core/adapters";

/** One recorded adapter call. */
export interface AdapterCall {
  /** The adapter method, e.g. `createUser`. */
  method: string;
  /** Position among all calls since the last {@link AdapterProbe.reset}, from 0. */
  index: number;
}

/** Decides whether a call fails: return true to throw instead of calling the adapter. */
export type FaultRule = (call: AdapterCall) => boolean;

/** A wrapped adapter, its call log, and the fault switch. */
export interface AdapterProbe {
  /** Pass this to Latch. */
  readonly adapter: Adapter;
  /** The calls since the last {@link reset}, in order. */
  readonly calls: readonly AdapterCall[];
  /** The calls to methods that write (create, update, link, delete, use). */
  writes(): AdapterCall[];
  /** Clears the log and the fault rule. */
  reset(): void;
  /** From now on, a call for which `rule` returns true throws {@link InjectedFault}. */
  failWhen(rule: FaultRule | null): void;
  /** The calls that were made to fail since the last {@link reset}. */
  readonly faults: readonly AdapterCall[];
}

/** The error a failing call throws, as a broken database connection would. */
export class InjectedFault extends Error {
  constructor(readonly call: AdapterCall) {
    super(`injected fault in ${call.method} (call ${call.index})`);
    this.name = "InjectedFault";
  }
}

const readers = /^(get|list)/;

/** Wraps `adapter`; methods it lacks stay absent, so Latch sees the same shape. */
export function probeAdapter(adapter: Adapter): AdapterProbe {
  const calls: AdapterCall[] = [];
  const faults: AdapterCall[] = [];
  let rule: FaultRule | null = null;
  const wrapped: Record<string, unknown> = {};
  for (const [method, value] of Object.entries(adapter)) {
    if (typeof value !== "function") {
      wrapped[method] = value;
      continue;
    }
    wrapped[method] = async (...args: unknown[]) => {
      const call = { method, index: calls.length };
      calls.push(call);
      if (rule?.(call)) {
        faults.push(call);
        throw new InjectedFault(call);
      }
      return (value as (...a: unknown[]) => unknown).apply(adapter, args);
    };
  }
  return {
    adapter: wrapped as Adapter,
    calls,
    faults,
    writes: () => calls.filter((call) => !readers.test(call.method)),
    reset() {
      calls.length = 0;
      faults.length = 0;
      rule = null;
    },
    failWhen(next) {
      rule = next;
    },
  };
}
