/** `@latch/core/providers/ping-id`, also at `@latch/sveltekit/providers/ping-id` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/ping-id";
export { default } from "@latch/core/providers/ping-id";
