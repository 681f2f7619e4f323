/** `@latch/core/providers/strava`, also at `@latch/sveltekit/providers/strava` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/strava";
export { default } from "@latch/core/providers/strava";
