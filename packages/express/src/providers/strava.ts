/** `@latch/core/providers/strava`, also at `@latch/express/providers/strava` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/strava";
export { default } from "@latch/core/providers/strava";
