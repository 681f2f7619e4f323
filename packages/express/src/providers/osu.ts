/** `@latch/core/providers/osu`, also at `@latch/express/providers/osu` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/osu";
export { default } from "@latch/core/providers/osu";
