/** `@latch/core/providers/ping-id`, also at `@latch/express/providers/ping-id` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/ping-id";
export { default } from "@latch/core/providers/ping-id";
