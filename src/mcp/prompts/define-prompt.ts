/**
 * A prompt is data too: name, title, description, arguments (strings on the wire, each described
 * and, where it helps, completing), and the text it puts in front of the model. Every prompt takes
 * `language` ("en" or "de"); without it, the model is told to answer in the user's language.
 */
import type { z } from "zod";
import type { ContextHandle } from "../context-handle.js";

export type Language = "en" | "de";

export interface PromptDefinition<A extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  args: (context: ContextHandle) => A;
  text(args: z.output<A>, language: Language | undefined): string;
}

export function definePrompt<A extends z.ZodObject>(definition: PromptDefinition<A>): PromptDefinition<A> {
  return definition;
}

/** The closing line on language: the chosen one, or the user's own. */
export function languageLine(language: Language | undefined): string {
  if (language === "de") return "Antworte auf Deutsch.";
  if (language === "en") return "Answer in English.";
  return "Answer in the language the user writes in (German or English).";
}
