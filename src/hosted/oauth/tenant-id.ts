/** OAuth tenant ids: `oa-` and 20 hex digits; a read-only token's runtime adds `-read` (same person, same events). */
export const OAUTH_TENANT = /^oa-[0-9a-f]{20}$/;

export function eventsTenantOf(id: string): string {
  return /^oa-[0-9a-f]{20}-read$/.test(id) ? id.slice(0, -"-read".length) : id;
}
