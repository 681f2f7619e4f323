/** `@latch/core/providers/huggingface`, also at `@latch/express/providers/huggingface` (where `@auth/express` apps import it). */
export * from "@latch/core/providers/huggingface";
export { default } from "@latch/core/providers/huggingface";
