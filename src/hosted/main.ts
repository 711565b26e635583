/**
 * The hosted mode's commands, each in a module of its own: `serve` (serve-command.ts), `tokens`
 * (tokens-command.ts) and `db` (db-command.ts). The bin imports this one module when one of them is
 * asked for; each loads what it needs.
 */
export { runDb } from "./db-command.js";
export { runServe } from "./serve-command.js";
export { runTokens } from "./tokens-command.js";
