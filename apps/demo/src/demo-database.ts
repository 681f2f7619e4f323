import type { Adapter } from "@latch/core/adapters";

/** The demo's store: the Latch adapter over its database, and how to close it. */
export interface DemoDatabase {
  adapter: Adapter;
  close(): Promise<void>;
}
