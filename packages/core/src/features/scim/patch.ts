/**
 * PATCH (RFC 7644 §3.5.2) applied to a resource's SCIM representation: `add`, `replace` and
 * `remove` (any case: Entra ID sends `Replace`), with or without a `path`. A path is an attribute
 * (`active`, `name.givenName`), an extension's attribute under its URN
 * (`urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department`), or a multi-valued
 * attribute with a value filter and a sub-attribute (`emails[type eq "work"].value`,
 * `members[value eq "…"]`). The endpoint then takes the result as it takes a PUT.
 */
import { ScimInvalidFilter, ScimInvalidPath, ScimInvalidValue, ScimMutability, ScimNoTarget } from "./errors.js";
import { matches, parseFilter, type Filter } from "./filter.js";

/** A resource's representation while it is patched: its attributes, extensions under their URN. */
export type Doc = Record<string, unknown>;

/** What one resource type's patches may name. */
export interface PatchSchema {
  /** The core schema's URN: a path may start with it. */
  readonly core: string;
  /** The extensions' URNs: a path may name one, or one of its attributes. */
  readonly extensions: readonly string[];
  /** The core attributes a patch may set, lower-cased. */
  readonly attributes: ReadonlySet<string>;
}

const subAttributes = new Set(["value", "type", "primary", "display", "$ref", "formatted", "givenname", "familyname", "middlename", "honorificprefix", "honorificsuffix"]);

/** The key of `obj` that is `name` without case, or `name` itself. */
export function keyOf(obj: Readonly<Record<string, unknown>>, name: string): string {
  const lower = name.toLowerCase();
  return Object.keys(obj).find((key) => key.toLowerCase() === lower) ?? name;
}

interface Path {
  /** The extension's URN (its object in the doc), or `undefined` for a core attribute. */
  readonly urn?: string;
  /** The attribute; `undefined` when the path names a whole extension. */
  readonly attribute?: string;
  readonly filter?: Filter;
  readonly sub?: string;
}

function parsePath(text: string, schema: PatchSchema): Path {
  if (typeof text !== "string" || !text || text.length > 500) throw new ScimInvalidPath("path is an attribute path of at most 500 characters.");
  let rest = text;
  let urn: string | undefined;
  const lower = text.toLowerCase();
  if (lower.startsWith(`${schema.core.toLowerCase()}:`)) rest = text.slice(schema.core.length + 1);
  else {
    urn = schema.extensions.find((candidate) => lower === candidate.toLowerCase() || lower.startsWith(`${candidate.toLowerCase()}:`));
    if (urn) {
      if (text.length === urn.length) return { urn };
      rest = text.slice(urn.length + 1);
    }
  }
  const match = /^([A-Za-z][\w$-]*)(?:\[(.*)\])?(?:\.([A-Za-z$][\w$-]*))?$/.exec(rest);
  if (!match) throw new ScimInvalidPath(`"${text}" is not an attribute path.`);
  const [, attribute, filterText, sub] = match;
  if (!urn && !schema.attributes.has(attribute!.toLowerCase())) throw new ScimInvalidPath(`"${attribute}" is not an attribute of this resource.`);
  let filter: Filter | undefined;
  if (filterText !== undefined) {
    try {
      filter = parseFilter(filterText, [], subAttributes);
    } catch (error) {
      if (error instanceof ScimInvalidFilter) throw new ScimInvalidPath(`The filter of "${text}": ${error.message}`);
      throw error;
    }
  }
  return { urn, attribute, filter, sub };
}

/** The object `path` reaches into: the doc, or the extension's object (made when `create`). */
function containerOf(doc: Doc, path: Path, create: boolean): Record<string, unknown> | undefined {
  if (!path.urn) return doc;
  const key = keyOf(doc, path.urn);
  const found = doc[key];
  if (found && typeof found === "object" && !Array.isArray(found)) return found as Record<string, unknown>;
  if (!create) return undefined;
  return (doc[key] = {});
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

/** The element `filter` describes, for a replace or add that matched none (Entra: `emails[type eq "work"].value`): its `eq` comparisons. */
function elementOf(filter: Filter): Record<string, unknown> {
  if (filter.kind === "compare" && filter.op === "eq") return { [filter.path]: filter.value };
  if (filter.kind === "and") return { ...elementOf(filter.left), ...elementOf(filter.right) };
  throw new ScimNoTarget("The path's filter matches nothing, and no value can be made from it.");
}

/** Sets `name` in `obj` to `value` (`add`: a list joins the list there). */
function put(obj: Record<string, unknown>, name: string, value: unknown, add: boolean): void {
  const key = keyOf(obj, name);
  const existing = obj[key];
  if (add && Array.isArray(existing)) {
    const more = Array.isArray(value) ? value : [value];
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b) || (isObject(a) && isObject(b) && a.value !== undefined && a.value === b.value);
    obj[key] = [...existing, ...more.filter((item) => !existing.some((have) => same(have, item)))];
  } else if (add && isObject(existing) && isObject(value)) {
    obj[key] = { ...existing, ...value };
  } else {
    obj[key] = value;
  }
}

/** Applies one operation to `doc`. */
function apply(doc: Doc, operation: unknown, schema: PatchSchema): void {
  if (!isObject(operation)) throw new ScimInvalidValue("Each operation is an object with op, path and value.");
  const op = typeof operation.op === "string" ? operation.op.toLowerCase() : "";
  if (op !== "add" && op !== "replace" && op !== "remove") throw new ScimInvalidValue(`op is add, replace or remove, not ${JSON.stringify(operation.op)}.`);
  const { value } = operation;
  if (operation.path === undefined || operation.path === null || operation.path === "") {
    if (op === "remove") throw new ScimNoTarget("A remove operation needs a path.");
    if (!isObject(value)) throw new ScimInvalidValue(`An ${op} without a path carries an object of attributes as its value.`);
    for (const [name, given] of Object.entries(value)) {
      if (name.toLowerCase() === "id" || name.toLowerCase() === "meta" || name.toLowerCase() === "schemas") {
        if (name.toLowerCase() === "id" && given !== doc.id) throw new ScimMutability("id cannot change.");
        continue;
      }
      const extension = schema.extensions.find((urn) => urn.toLowerCase() === name.toLowerCase());
      if (extension && isObject(given)) {
        const container = containerOf(doc, { urn: extension }, true)!;
        for (const [sub, subValue] of Object.entries(given)) put(container, sub, subValue, op === "add");
        continue;
      }
      // A core attribute may come with its URN (Entra sends "urn:…:core:2.0:User:userName" as a key).
      const path = parsePath(name, schema);
      const container = containerOf(doc, path, true)!;
      if (path.attribute === undefined) continue;
      if (path.filter) throw new ScimInvalidPath("A value's attribute names carry no filter.");
      if (path.sub) {
        const key = keyOf(container, path.attribute);
        const inner = isObject(container[key]) ? (container[key] as Record<string, unknown>) : (container[key] = {});
        put(inner as Record<string, unknown>, path.sub, given, op === "add");
      } else {
        put(container, path.attribute, given, op === "add");
      }
    }
    return;
  }
  if (typeof operation.path !== "string") throw new ScimInvalidPath("path is a string.");
  const path = parsePath(operation.path, schema);
  if (op !== "remove" && value === undefined) throw new ScimInvalidValue(`The ${op} of ${operation.path} has no value.`);
  const container = containerOf(doc, path, op !== "remove");
  if (!container) return;
  if (path.attribute === undefined) {
    // The whole extension.
    const key = keyOf(doc, path.urn!);
    if (op === "remove") delete doc[key];
    else if (!isObject(value)) throw new ScimInvalidValue(`The value of ${path.urn} is an object.`);
    else doc[key] = op === "add" ? { ...(container as object), ...value } : value;
    return;
  }
  const key = keyOf(container, path.attribute);
  if (!path.filter) {
    if (path.sub) {
      const inner = container[key];
      if (op === "remove") {
        if (isObject(inner)) delete inner[keyOf(inner, path.sub)];
        return;
      }
      const target = isObject(inner) ? inner : (container[key] = {});
      put(target as Record<string, unknown>, path.sub, value, op === "add");
      return;
    }
    if (op === "remove") {
      const existing = container[key];
      // Entra removes members by value: { op: "Remove", path: "members", value: [{ value: id }] }.
      if (Array.isArray(existing) && Array.isArray(value)) {
        const gone = new Set(value.map((item) => (isObject(item) ? item.value : item)));
        container[key] = existing.filter((item) => !gone.has(isObject(item) ? item.value : item));
      } else {
        delete container[key];
      }
      return;
    }
    put(container, path.attribute, value, op === "add");
    return;
  }
  const list = Array.isArray(container[key]) ? (container[key] as unknown[]) : [];
  const hit = (item: unknown) => isObject(item) && matches(item, path.filter!);
  if (op === "remove") {
    container[key] = path.sub ? list.map((item) => (hit(item) ? Object.fromEntries(Object.entries(item as object).filter(([name]) => name.toLowerCase() !== path.sub!.toLowerCase())) : item)) : list.filter((item) => !hit(item));
    return;
  }
  if (!list.some(hit)) {
    const made = elementOf(path.filter);
    container[key] = [...list, path.sub ? { ...made, [path.sub]: value } : { ...made, ...(isObject(value) ? value : { value }) }];
    return;
  }
  container[key] = list.map((item) => {
    if (!hit(item)) return item;
    if (path.sub) return { ...(item as object), [keyOf(item as Record<string, unknown>, path.sub)]: value };
    return op === "add" && isObject(value) ? { ...(item as object), ...value } : value;
  });
}

/**
 * The representation `doc` after the PATCH `body` (`schemas` holding the PatchOp URN, and
 * `Operations`); throws a SCIM refusal for an operation it cannot apply. `doc` is not changed.
 */
export function applyPatch(doc: Readonly<Doc>, body: Readonly<Record<string, unknown>>, schema: PatchSchema): Doc {
  const operations = body[keyOf(body, "Operations")];
  if (!Array.isArray(operations) || !operations.length) throw new ScimInvalidValue("A PATCH carries Operations: a list of at least one operation.");
  if (operations.length > 1000) throw new ScimInvalidValue("A PATCH carries at most 1000 operations.", "tooMany");
  const copy = JSON.parse(JSON.stringify(doc)) as Doc;
  for (const operation of operations) apply(copy, operation, schema);
  return copy;
}
