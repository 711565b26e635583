// The bundle's stand-in for zod's index of locales (zod/v4/locales/index.js), which
// scripts/bundle.mjs resolves here. zod offers its 60-odd translations of its messages as
// `z.locales`, and a bundler cannot tell which are used, so all of them would be read at every
// start; this server uses English, zod's default, alone. Same name for the one it keeps;
// test/packaging/bundle.test.ts checks the bundle's messages are zod's English ones.
export { default as en } from "zod/v4/locales/en.js";
