/** `@latch/core/providers/vk`, also at `@latch/express/providers/vk` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/vk";
export { default } from "@latch/core/providers/vk";
