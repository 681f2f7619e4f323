/**
 * The one module that reads SvelteKit's virtual modules; everything else takes these values as
 * parameters (so it can be tested without SvelteKit's build plugin).
 */
import { env } from "$env/dynamic/private";
import { base } from "$app/paths";
import { building, dev } from "$app/environment";

/** What the integration needs from SvelteKit: the private environment, `base`, and the mode. */
export interface KitEnvironment {
  readonly env: Record<string, string | undefined>;
  readonly base: string;
  readonly building: boolean;
  readonly dev: boolean;
}

/** The running app's environment, read when called (the environment is complete by then). */
export function kitEnvironment(): KitEnvironment {
  return { env, base, building, dev };
}
