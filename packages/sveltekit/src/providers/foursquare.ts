/** `@latch/core/providers/foursquare`, also at `@latch/sveltekit/providers/foursquare` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/foursquare";
export { default } from "@latch/core/providers/foursquare";
