/**
 * Prompt arguments that complete. The SDK finds a completer only on the schema itself or directly
 * inside `.optional()`, and zod's `.describe()` returns a copy without it, so the description goes
 * on the inner schema, `completable(...)` wraps that, and `.optional()` comes last.
 */
import { completable } from "@modelcontextprotocol/server";
import { z } from "zod";
import { completeCustomerName, completeLanguage, completeYear } from "../completions.js";
import type { ContextHandle } from "../context-handle.js";

export const languageArg = () =>
  completable(
    z.enum(["en", "de"]).describe('"en" or "de" (default: the language the user writes in).'),
    (value) => completeLanguage(value ?? ""),
  ).optional();

export const customerNameArg = (context: ContextHandle, description: string) =>
  completable(z.string().trim().min(1).max(200).describe(description), (value) =>
    completeCustomerName(context, value ?? ""),
  );

export const yearArg = (context: ContextHandle, description: string) =>
  completable(z.string().trim().max(40).describe(description), (value) =>
    completeYear(context, value ?? ""),
  ).optional();
