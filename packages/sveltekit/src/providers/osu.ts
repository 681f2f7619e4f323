/** `@latch/core/providers/osu`, also at `@latch/sveltekit/providers/osu` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/osu";
export { default } from "@latch/core/providers/osu";
