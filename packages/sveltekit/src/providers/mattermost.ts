/** `@latch/core/providers/mattermost`, also at `@latch/sveltekit/providers/mattermost` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/mattermost";
export { default } from "@latch/core/providers/mattermost";
