/** `@latch/core/providers/mastodon`, also at `@latch/express/providers/mastodon` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/mastodon";
export { default } from "@latch/core/providers/mastodon";
