import { json } from "@sveltejs/kit";
import type { RequestHandler } from "./$types";

// Not protected: a layout load never runs for an endpoint. (Part of the counter-example.)
export const GET: RequestHandler = () => json({ report: "data a layout guard was meant to hide" });
