/**
 * A tool's resource by its values: the link an answer offers and the instances resources/list shows
 * are both made here, from the one declaration on the tool (define-tool.ts ToolResource), so a link
 * cannot point at an address no resource serves.
 */
import type { ResourceLinkTarget, ToolResource } from "./define-tool.js";

/** The URI's {variables}, in order. */
export function uriVariables(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

/** The template with each variable's value put in, percent-encoded as one path segment. */
export function resourceUri(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** The link to the resource at these values, under the name the answer gives it. */
export function resourceLink(
  resource: Pick<ToolResource, "uri">,
  values: Readonly<Record<string, string | number>>,
  name: string,
): ResourceLinkTarget {
  return { uri: resourceUri(resource.uri, values), name };
}
