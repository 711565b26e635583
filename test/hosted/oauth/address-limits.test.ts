import { describe, expect, it } from "vitest";
import { registerFrom, sharedLimits, useOAuthServers } from "../../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../../helpers/sandbox.js";

const ATTEMPTS = 3;
const REGISTRATIONS = 3;

describe("per-address limits count an IPv6 /64 as one address, in all instances", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const oauth = useOAuthServers(sandbox, { ...sharedLimits(ATTEMPTS, REGISTRATIONS), browser: false });
  /** A sign-in form post (the wrong-key path) from `from`, as the balancer reports it. */
  const signIn = (from: string, n: number) =>
    fetch(`${oauth().url}/oauth/interaction/unknown-${n}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-test-client-address": from },
      body: "csrf=x",
    }).then((response) => response.status);

  const register = (from: string) => registerFrom(oauth(), from).then((response) => response.status);

  it(`sign-in posts from 2001:db8:77:1::1 to ::14: ${ATTEMPTS} in all; the next /64 has its own`, async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 20; n++) statuses.push(await signIn(`2001:db8:77:1::${n.toString(16)}`, n));
    expect(statuses.filter((status) => status !== 429)).toHaveLength(ATTEMPTS);
    expect(statuses.slice(ATTEMPTS)).toEqual(Array(20 - ATTEMPTS).fill(429));
    expect(await signIn("2001:db8:77:2::1", 100)).not.toBe(429);
  });

  it("an IPv4 address written as IPv6 shares the IPv4 address's count", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < ATTEMPTS; n++) statuses.push(await signIn("198.51.100.77", n));
    statuses.push(await signIn("::ffff:198.51.100.77", 200), await signIn("::ffff:c633:644d", 201));
    expect(statuses.slice(0, ATTEMPTS)).not.toContain(429);
    expect(statuses.slice(ATTEMPTS)).toEqual([429, 429]);
  });

  it(`registrations from eight addresses of one /64: ${REGISTRATIONS} succeed`, async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 8; n++) statuses.push(await register(`2001:db8:99:5::${n.toString(16)}`));
    expect(statuses.filter((status) => status === 201)).toHaveLength(REGISTRATIONS);
    expect(statuses.slice(REGISTRATIONS)).toEqual(Array(8 - REGISTRATIONS).fill(429));
    expect(await register("2001:db8:99:6::1")).toBe(201);
  });
});
