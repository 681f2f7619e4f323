/**
 * The Nitro handler the module mounts at `<basePath>/**`: Latch's routes with the config of the
 * app's `auth.config.ts`.
 */
import { defineEventHandler } from "h3";
import authConfig from "#latch/config";
import { handleEvent } from "./event.js";
import { nitroConfig } from "./nitro-config.js";

/** Answers every request under the base path through Latch (see `handleEvent`). */
export default defineEventHandler((event) => handleEvent(event, nitroConfig(authConfig)));
