/**
 * SCIM filters (RFC 7644 §3.4.2.2) for the subset Latch serves: `attrPath op value` with the
 * operators `eq ne co sw ew gt ge lt le`, `attrPath pr`, `and`, `or`, `not (…)` and parentheses,
 * attribute paths with a sub-attribute (`emails.value`, `name.familyName`) and the schema URN
 * prefix of a core attribute. A small parser of our own (docs/site/guides/scim.md says why not
 * `scim2-parse-filter`: CommonJS only, and its tree would be walked here all the same); it loads
 * only with the SCIM endpoints. A filter it cannot read, or one naming an attribute the resource
 * type does not have, is `invalidFilter` (400).
 */
import { ScimInvalidFilter } from "./errors.js";

/** One comparison of a filter. */
export interface Comparison {
  readonly kind: "compare";
  /** The attribute, lower-cased: `username`, `emails.value`. */
  readonly path: string;
  readonly op: "eq" | "ne" | "co" | "sw" | "ew" | "gt" | "ge" | "lt" | "le" | "pr";
  readonly value?: string | number | boolean | null;
}

/** A parsed filter. */
export type Filter = Comparison | { readonly kind: "and" | "or"; readonly left: Filter; readonly right: Filter } | { readonly kind: "not"; readonly filter: Filter };

const operators = new Set(["eq", "ne", "co", "sw", "ew", "gt", "ge", "lt", "le", "pr"]);
const longest = 1000;

type Token = { readonly t: "word" | "string" | "open" | "close"; readonly v: string };

function tokens(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\t") {
      i++;
    } else if (c === "(" || c === ")") {
      out.push({ t: c === "(" ? "open" : "close", v: c });
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length) throw new ScimInvalidFilter("The filter has a string without its closing quote.");
      let value: unknown;
      try {
        value = JSON.parse(text.slice(i, j + 1));
      } catch {
        throw new ScimInvalidFilter("The filter has a string that is not valid JSON text.");
      }
      out.push({ t: "string", v: value as string });
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !" \t()\"".includes(text[j]!)) j++;
      out.push({ t: "word", v: text.slice(i, j) });
      i = j;
    }
  }
  return out;
}

/** The path of `word` under the schema `urns` (the prefix dropped), lower-cased, checked against `attributes`. */
function pathOf(word: string, urns: readonly string[], attributes: ReadonlySet<string>): string {
  let path = word.toLowerCase();
  for (const urn of urns) if (path.startsWith(`${urn.toLowerCase()}:`)) path = path.slice(urn.length + 1);
  if (!/^[a-z][a-z0-9_$-]*(\.[a-z][a-z0-9_$-]*)?$/.test(path)) throw new ScimInvalidFilter(`"${word}" is not an attribute path.`);
  if (!attributes.has(path)) throw new ScimInvalidFilter(`The filter names "${word}", which this resource type does not have (or does not filter on).`);
  return path;
}

/**
 * Parses `text`, whose attribute paths must be among `attributes` (lower-cased, sub-attributes
 * as `emails.value`), a core schema URN in `urns` allowed before them. Throws `ScimInvalidFilter`.
 */
export function parseFilter(text: string, urns: readonly string[], attributes: ReadonlySet<string>): Filter {
  if (text.length > longest) throw new ScimInvalidFilter(`The filter is longer than ${longest} characters.`);
  const list = tokens(text);
  let at = 0;
  const peekWord = () => (list[at]?.t === "word" ? list[at]!.v.toLowerCase() : undefined);

  function primary(depth: number): Filter {
    if (depth > 20) throw new ScimInvalidFilter("The filter nests too deeply.");
    const token = list[at];
    if (!token) throw new ScimInvalidFilter("The filter ends where an expression should start.");
    if (token.t === "open") {
      at++;
      const inner = or(depth + 1);
      if (list[at]?.t !== "close") throw new ScimInvalidFilter("The filter has a parenthesis without its closing one.");
      at++;
      return inner;
    }
    if (token.t === "word" && token.v.toLowerCase() === "not") {
      at++;
      if (list[at]?.t !== "open") throw new ScimInvalidFilter('"not" is followed by a parenthesised expression.');
      return { kind: "not", filter: primary(depth + 1) };
    }
    if (token.t !== "word") throw new ScimInvalidFilter("The filter has a value where an attribute should be.");
    at++;
    const path = pathOf(token.v, urns, attributes);
    const op = peekWord();
    if (!op || !operators.has(op)) throw new ScimInvalidFilter(`"${token.v}" is followed by ${list[at] ? `"${list[at]!.v}"` : "nothing"}, not an operator (eq, ne, co, sw, ew, gt, ge, lt, le, pr).`);
    at++;
    if (op === "pr") return { kind: "compare", path, op };
    const operand = list[at];
    if (!operand) throw new ScimInvalidFilter(`The operator ${op} has no value.`);
    at++;
    if (operand.t === "string") return { kind: "compare", path, op: op as Comparison["op"], value: operand.v };
    const word = operand.t === "word" ? operand.v : "";
    if (word === "true" || word === "false") return { kind: "compare", path, op: op as Comparison["op"], value: word === "true" };
    if (word === "null") return { kind: "compare", path, op: op as Comparison["op"], value: null };
    if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(word)) return { kind: "compare", path, op: op as Comparison["op"], value: Number(word) };
    throw new ScimInvalidFilter(`The value of ${op} is not a quoted string, a number, true, false or null.`);
  }

  function and(depth: number): Filter {
    let left = primary(depth);
    while (peekWord() === "and") {
      at++;
      left = { kind: "and", left, right: primary(depth) };
    }
    return left;
  }

  function or(depth: number): Filter {
    let left = and(depth);
    while (peekWord() === "or") {
      at++;
      left = { kind: "or", left, right: and(depth) };
    }
    return left;
  }

  const filter = or(0);
  if (at !== list.length) throw new ScimInvalidFilter(`The filter goes on after a whole expression, at "${list[at]!.v}".`);
  return filter;
}

/** The values at `path` in `resource` (keys compared without case; a multi-valued attribute gives each element's). */
export function valuesAt(resource: Readonly<Record<string, unknown>>, path: string): unknown[] {
  let current: unknown[] = [resource];
  for (const name of path.split(".")) {
    const next: unknown[] = [];
    for (const item of current) {
      if (!item || typeof item !== "object") continue;
      const key = Object.keys(item).find((k) => k.toLowerCase() === name);
      const value = key === undefined ? undefined : (item as Record<string, unknown>)[key];
      if (Array.isArray(value)) next.push(...value);
      else if (value !== undefined && value !== null) next.push(value);
    }
    current = next;
  }
  return current;
}

/** Attributes compared with case (RFC 7643 `caseExact`): ids and dates; every other string is compared without. */
const caseExact = new Set(["id", "externalid", "members.value", "meta.created", "meta.lastmodified"]);

function compares(actual: unknown, { op, value, path }: Comparison): boolean {
  if (op === "pr") return actual !== undefined && actual !== null && actual !== "";
  if (typeof actual === "boolean" || typeof value === "boolean") return op === "eq" ? actual === value : op === "ne" ? actual !== value : false;
  if (value === null) return op === "ne";
  if (typeof actual === "number" && typeof value === "number") {
    return { eq: actual === value, ne: actual !== value, gt: actual > value, ge: actual >= value, lt: actual < value, le: actual <= value, co: false, sw: false, ew: false }[op];
  }
  if (typeof actual !== "string" || typeof value !== "string") return op === "ne";
  const exact = caseExact.has(path);
  const a = exact ? actual : actual.toLowerCase();
  const b = exact ? value : value.toLowerCase();
  return { eq: a === b, ne: a !== b, co: a.includes(b), sw: a.startsWith(b), ew: a.endsWith(b), gt: a > b, ge: a >= b, lt: a < b, le: a <= b }[op];
}

/** Whether `resource` (its SCIM representation) matches `filter`. */
export function matches(resource: Readonly<Record<string, unknown>>, filter: Filter): boolean {
  switch (filter.kind) {
    case "and":
      return matches(resource, filter.left) && matches(resource, filter.right);
    case "or":
      return matches(resource, filter.left) || matches(resource, filter.right);
    case "not":
      return !matches(resource, filter.filter);
    default: {
      const values = valuesAt(resource, filter.path);
      if (filter.op === "ne") return values.length === 0 ? filter.value !== null : values.every((value) => compares(value, filter));
      if (!values.length) return false;
      return values.some((value) => compares(value, filter));
    }
  }
}
