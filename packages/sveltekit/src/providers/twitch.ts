/** `@latch/core/providers/twitch`, also at `@latch/sveltekit/providers/twitch` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/twitch";
export { default } from "@latch/core/providers/twitch";
