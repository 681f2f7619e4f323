import { describe, expect, it } from "vitest";
import { escapeHtml, html, trustedHtml } from "./escape.js";

describe("escapeHtml", () => {
  it("escapes every character that can open a tag, an entity or end an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&\`</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;",
    );
  });

  it("leaves plain text alone", () => {
    expect(escapeHtml("Ada Lovelace — ada@example.com")).toBe("Ada Lovelace — ada@example.com");
  });
});

describe("html", () => {
  it("escapes interpolated strings and numbers", () => {
    expect(html`<p title="${'"><script>'}">${"<b>"}${42}</p>`.value).toBe(
      '<p title="&quot;&gt;&lt;script&gt;">&lt;b&gt;42</p>',
    );
  });

  it("keeps nested fragments and joins arrays", () => {
    const items = ["a<", "b"].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>`.value).toBe("<ul><li>a&lt;</li><li>b</li></ul>");
  });

  it("renders nothing for null, undefined and false", () => {
    expect(html`[${null}${undefined}${false}]`.value).toBe("[]");
  });

  it("inserts trusted markup as it is", () => {
    expect(html`<style>${trustedHtml("a>b{}")}</style>`.value).toBe("<style>a>b{}</style>");
  });
});
