/** German or English for the pages, from Accept-Language (by quality, then order); English otherwise. */
export type Language = "de" | "en";

export function pickLanguage(header: string | undefined): Language {
  const ranked = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.split("-")[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && (entry.primary === "de" || entry.primary === "en"))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.primary === "de" ? "de" : "en";
}
