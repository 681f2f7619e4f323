/** `@latch/core/providers/vk`, also at `@latch/sveltekit/providers/vk` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/vk";
export { default } from "@latch/core/providers/vk";
