/** `@latch/core/providers/mastodon`, also at `@latch/sveltekit/providers/mastodon` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/mastodon";
export { default } from "@latch/core/providers/mastodon";
