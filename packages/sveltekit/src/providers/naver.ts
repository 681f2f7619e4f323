/** `@latch/core/providers/naver`, also at `@latch/sveltekit/providers/naver` (where `@auth/sveltekit` apps import it). */
export * from "@latch/core/providers/naver";
export { default } from "@latch/core/providers/naver";
