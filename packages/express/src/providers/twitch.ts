/** `@latch/core/providers/twitch`, also at `@latch/express/providers/twitch` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/twitch";
export { default } from "@latch/core/providers/twitch";
