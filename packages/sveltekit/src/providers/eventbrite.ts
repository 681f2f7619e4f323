/** `@latch/core/providers/eventbrite`, also at `@latch/sveltekit/providers/eventbrite` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/eventbrite";
export { default } from "@latch/core/providers/eventbrite";
