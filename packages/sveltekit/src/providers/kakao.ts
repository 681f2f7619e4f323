/** `@latch/core/providers/kakao`, also at `@latch/sveltekit/providers/kakao` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/kakao";
export { default } from "@latch/core/providers/kakao";
