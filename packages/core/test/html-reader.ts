/**
 * A small HTML reader for the page tests: finds start tags, reads their attributes and the
 * markup up to the matching end tag. It understands exactly the markup the pages emit
 * (double-quoted attributes, no comments), which is all the tests need.
 */

/** One start tag found in a document. */
export interface Element {
  tag: string;
  /** Attribute values, entity-decoded; boolean attributes map to "". */
  attrs: Record<string, string>;
  /** Offset just after the start tag. */
  start: number;
  /** Offset of the matching end tag (or `start` for void elements). */
  end: number;
  /** The raw markup between the start and end tags. */
  inner: string;
}

const VOID = new Set(["meta", "input", "img", "br", "hr", "link"]);
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Decodes the entities the escape helper produces, and numeric references. */
export function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

function closingOffset(html: string, tag: string, from: number): number {
  const re = new RegExp(`<(/?)${tag}(?=[\\s>/])`, "gi");
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index;
  }
  throw new Error(`no </${tag}> after offset ${from}`);
}

/** Every element with the given tag name (or every element with `"*"`), in document order. */
export function findAll(html: string, tag = "*"): Element[] {
  const out: Element[] = [];
  for (const m of html.matchAll(START_TAG)) {
    const name = (m[1] as string).toLowerCase();
    if (tag !== "*" && name !== tag) continue;
    const attrs: Record<string, string> = {};
    for (const a of (m[2] ?? "").matchAll(ATTR)) {
      attrs[(a[1] as string).toLowerCase()] = decode(a[2] ?? a[3] ?? a[4] ?? "");
    }
    const start = (m.index ?? 0) + m[0].length;
    const end = VOID.has(name) ? start : closingOffset(html, name, start);
    out.push({ tag: name, attrs, start, end, inner: html.slice(start, end) });
  }
  return out;
}

/** The only element matching, or a thrown error naming how many matched. */
export function findOne(html: string, tag: string, where: (e: Element) => boolean = () => true): Element {
  const hits = findAll(html, tag).filter(where);
  if (hits.length !== 1) throw new Error(`expected one <${tag}>, found ${hits.length}`);
  return hits[0] as Element;
}

const INLINE = /<\/?(?:a|b|em|i|img|span|strong)\b[^>]*>/gi;

/** The visible text of some markup: tags removed, entities decoded, whitespace collapsed. */
export function textOf(markup: string): string {
  return decode(markup.replace(INLINE, "").replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim();
}

/** The hidden fields of a form, as a name → value map. */
export function hiddenFields(form: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const input of findAll(form.inner, "input")) {
    if (input.attrs.type === "hidden" && input.attrs.name !== undefined) out[input.attrs.name] = input.attrs.value ?? "";
  }
  return out;
}

/** The text of the `<label for>` bound to an input, failing when there is none or several. */
export function labelFor(html: string, input: Element): string {
  const id = input.attrs.id;
  if (!id) throw new Error(`input ${input.attrs.name ?? "?"} has no id`);
  if (findAll(html, "*").filter((e) => e.attrs.id === id).length !== 1) throw new Error(`id ${id} is not unique`);
  return textOf(findOne(html, "label", (l) => l.attrs.for === id).inner);
}
