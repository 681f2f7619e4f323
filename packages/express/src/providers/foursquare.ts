/** `@latch/core/providers/foursquare`, also at `@latch/express/providers/foursquare` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/foursquare";
export { default } from "@latch/core/providers/foursquare";
