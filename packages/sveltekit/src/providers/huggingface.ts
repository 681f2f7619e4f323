/** `@latch/core/providers/huggingface`, also at `@latch/sveltekit/providers/huggingface` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/huggingface";
export { default } from "@latch/core/providers/huggingface";
