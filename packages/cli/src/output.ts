/** Writing to the terminal: colour only when the stream is a terminal and `NO_COLOR` is unset. */

/** The ANSI styles the CLI uses. */
export type Style = "red" | "green" | "yellow" | "bold" | "dim";

const codes: Record<Style, [number, number]> = { red: [31, 39], green: [32, 39], yellow: [33, 39], bold: [1, 22], dim: [2, 22] };

/**
 * True when text written to `stream` may carry colour: it is a terminal (or `FORCE_COLOR` is set
 * to something other than `0`), `NO_COLOR` is unset or empty (https://no-color.org) and `TERM`
 * is not `dumb`.
 */
export function colourEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true;
  return !!stream.isTTY && env.TERM !== "dumb";
}

/** A writer for one stream: `line()` writes a line, `style()` colours text when colour is on. */
export interface Writer {
  line(text?: string): void;
  style(style: Style, text: string): string;
}

/** A {@link Writer} over a Node stream. */
export function writer(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Writer {
  const colour = colourEnabled(stream, env);
  return {
    line: (text = "") => void stream.write(`${text}\n`),
    style: (style, text) => (colour ? `\x1b[${codes[style][0]}m${text}\x1b[${codes[style][1]}m` : text),
  };
}

/** What a command needs to talk to the user. */
export interface Io {
  out: Writer;
  err: Writer;
  env: NodeJS.ProcessEnv;
  cwd: string;
}
