/** OAuth tenant ids: `oa-` and 20 hex digits, derived from the person's key (people.ts). */
export const OAUTH_TENANT = /^oa-[0-9a-f]{20}$/;
