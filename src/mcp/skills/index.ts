/**
 * The skills this server serves (the MCP Skills extension, io.modelcontextprotocol/skills, which
 * the SDK implements): skills/list, skills/get and the files as `skill://` resources. One skill,
 * german-invoicing, the law and practice around the tools, so their descriptions can stay short.
 *
 * Its entry (each file's SHA-256 and size, the frontmatter) is made by the SDK the first time a
 * client asks, not at start: a start then computes no digest. The files never change while the
 * server runs and are the same for everyone: clients may keep them a day and share them.
 */
import type { Resource } from "@modelcontextprotocol/server";
import {
  type Skill,
  type SkillSource,
  SkillsExtension,
  skillEntry,
} from "@modelcontextprotocol/server/ext/skills";
import { SHIPPED_DOCUMENT } from "../cache-hints.js";
import { SKILL_DE } from "./german-invoicing/skill-de.js";
import { SKILL_EN } from "./german-invoicing/skill-en.js";

const BASE = "skill://";
const NAME = "german-invoicing";

/** The skill's files, by path under its folder. */
export const SKILL_FILES: Readonly<Record<string, string>> = {
  "SKILL.md": SKILL_EN,
  "references/de.md": SKILL_DE,
};

const byUri = new Map(Object.entries(SKILL_FILES).map(([path, text]) => [`${BASE}${NAME}/${path}`, text]));
const manifest = `${BASE}${NAME}/SKILL.md`;

let entry: Promise<Skill> | undefined;
/** The skill's entry, made once; a problem with our own text is a defect, and fails loudly. */
const skill = () => {
  entry ??= skillEntry(NAME, { ...SKILL_FILES }, { baseUri: BASE });
  return entry;
};

const source: SkillSource = {
  async list() {
    return { skills: [await skill()] };
  },
  async get(uri) {
    return uri === manifest ? skill() : undefined;
  },
  async read(uri) {
    const text = byUri.get(uri);
    return text === undefined ? undefined : { text, mimeType: "text/markdown" };
  },
  async listResources(): Promise<Resource[]> {
    const { frontmatter } = await skill();
    return [{ uri: manifest, name: NAME, description: frontmatter.description, mimeType: "text/markdown" }];
  },
};

export const skills = new SkillsExtension({ source, baseUri: BASE, cacheHint: SHIPPED_DOCUMENT });
