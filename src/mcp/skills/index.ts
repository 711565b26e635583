/**
 * The skills this server serves (the MCP Skills extension, io.modelcontextprotocol/skills, which
 * the SDK implements): skills/list, skills/get and the files as `skill://` resources. One skill,
 * german-invoicing, the law and practice around the tools, so their descriptions can stay short.
 *
 * The catalog is built once per process (digests and sizes of a few kilobytes of text) and attached
 * to every server a blueprint makes. The files never change while the server runs and are the same
 * for everyone: clients may keep them a day and share them.
 */
import { memorySkillFiles, SkillsExtension } from "@modelcontextprotocol/server/ext/skills";
import { SHIPPED_DOCUMENT } from "../cache-hints.js";
import { SKILL_DE } from "./german-invoicing/skill-de.js";
import { SKILL_EN } from "./german-invoicing/skill-en.js";

/** The skills' files, by path under the catalog's root (one folder per skill). */
export const SKILL_FILES: Readonly<Record<string, string>> = {
  "german-invoicing/SKILL.md": SKILL_EN,
  "german-invoicing/references/de.md": SKILL_DE,
};

export const skills: SkillsExtension = await SkillsExtension.load(memorySkillFiles({ ...SKILL_FILES }), {
  cacheHint: SHIPPED_DOCUMENT,
  // A problem with our own text is a defect to fix, never something to serve.
  strict: true,
});
