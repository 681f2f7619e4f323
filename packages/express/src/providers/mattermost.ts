/** `@latch/core/providers/mattermost`, also at `@latch/express/providers/mattermost` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/mattermost";
export { default } from "@latch/core/providers/mattermost";
