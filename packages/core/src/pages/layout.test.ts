import { describe, expect, it } from "vitest";
import { html } from "../security/escape.js";
import { renderDocument } from "./layout.js";
import { findAll, findOne, textOf } from "../../test/html-reader.js";

describe("renderDocument", () => {
  const doc = (theme = {}) => renderDocument({ title: "T <1>", theme, body: html`<p>body</p>` });

  it("has the doctype, language, charset, viewport and one inline style element", () => {
    const page = doc();
    expect(page.startsWith("<!doctype html>\n<html lang=\"en\" dir=\"ltr\">")).toBe(true);
    expect(findOne(page, "meta", (m) => m.attrs.charset !== undefined).attrs.charset).toBe("utf-8");
    expect(findOne(page, "meta", (m) => m.attrs.name === "viewport").attrs.content).toBe("width=device-width, initial-scale=1");
    expect(findAll(page, "style")).toHaveLength(1);
    expect(findAll(page, "link")).toEqual([]);
  });

  it("carries the page's language and writing direction", () => {
    const page = renderDocument({ title: "T", theme: {}, body: html``, language: { lang: "ar", dir: "rtl" } });
    expect(findOne(page, "html").attrs).toEqual({ lang: "ar", dir: "rtl" });
  });

  it("escapes the title and puts the body in the main card after the heading", () => {
    const page = doc();
    expect(textOf(findOne(page, "title").inner)).toBe("T <1>");
    const main = findOne(page, "main");
    expect(main.attrs.class).toBe("card");
    expect(main.inner.trim()).toBe("<h1>T &lt;1&gt;</h1>\n<p>body</p>");
  });

  it("shows the theme logo as decorative image, and drops unsafe logos", () => {
    expect(findOne(doc({ logo: "/brand.svg" }), "img").attrs).toEqual({ class: "logo", src: "/brand.svg", alt: "" });
    expect(findAll(doc({ logo: "javascript:alert(1)" }), "img")).toEqual([]);
  });

  it("styles keyboard focus visibly", () => {
    expect(findOne(doc(), "style").inner).toContain(":focus-visible{outline:3px solid var(--focus)");
  });
});
