import { describe, expect, it } from "vitest";
import {
  codeThroughBrowser,
  exchangeCode,
  type TokenAnswer,
  tokenRequest,
  useOAuthServers,
} from "../../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../../helpers/sandbox.js";

const ROUNDS = 5;
const AT_ONCE = 12;

describe("OAuth under concurrency: two instances, one database", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const oauth = useOAuthServers(sandbox, { env: () => ({ INVOICING_OAUTH_ATTEMPTS: "1000" }) });

  /** A fresh client's code, through the browser as a person gives it. */
  const freshCode = () => codeThroughBrowser(oauth(), sandbox().keys.demo);

  const exchange = (clientId: string, code: string, verifier: string) =>
    exchangeCode(oauth(), { clientId, code, verifier });
  const refresh = (clientId: string, refreshToken: string) =>
    tokenRequest(oauth().url, {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: clientId,
    });

  /** The status of a tools/list call with the token at /mcp: 200 while the token works. */
  const mcpStatus = async (accessToken: unknown) =>
    (
      await fetch(`${oauth().url}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${String(accessToken)}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      })
    ).status;

  /** Every token in the answers that won: none may still work, at /mcp or at the token endpoint. */
  async function stillWorking(clientId: string, won: TokenAnswer[]): Promise<string[]> {
    const working: string[] = [];
    for (const answer of won) {
      if ((await mcpStatus(answer.body.access_token)) === 200) working.push("access token");
      if ((await refresh(clientId, String(answer.body.refresh_token))).status === 200)
        working.push("refresh token");
    }
    return working;
  }

  it(`a code exchanged ${AT_ONCE} times at once wins once, and the replay ends what it issued (${ROUNDS} rounds)`, {
    timeout: 180_000,
  }, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const { clientId, verifier, code } = await freshCode();
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, () => exchange(clientId, code, verifier)),
      );
      const won = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter(
        (answer) => answer.status === 400 && answer.body.error === "invalid_grant",
      );
      expect({ round, won: won.length, refused: refused.length }).toEqual({
        round,
        won: 1,
        refused: AT_ONCE - 1,
      });
      expect({ round, working: await stillWorking(clientId, won) }).toEqual({ round, working: [] });
    }
  });

  it(`a refresh token used twice at once ends the whole grant, for both users of it (${ROUNDS * 2} rounds)`, {
    timeout: 180_000,
  }, async () => {
    for (let round = 1; round <= ROUNDS * 2; round++) {
      const { clientId, verifier, code } = await freshCode();
      const first = await exchange(clientId, code, verifier);
      expect(first.status).toBe(200);
      // The thief and the client, at the same moment (half the rounds, more than two at once).
      const times = round % 2 === 0 ? 2 : 6;
      const answers = await Promise.all(
        Array.from({ length: times }, () => refresh(clientId, String(first.body.refresh_token))),
      );
      const won = answers.filter((answer) => answer.status === 200);
      expect({ round, won: won.length <= 1 }).toEqual({ round, won: true });
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.error)).toEqual(
        Array(times - won.length).fill("invalid_grant"),
      );
      // Neither family goes on: not the first tokens, not any successor.
      expect({ round, working: await stillWorking(clientId, [first, ...won]) }).toEqual({
        round,
        working: [],
      });
    }
  });

  it("a refresh token used again later ends the grant, with the successor it had", {
    timeout: 60_000,
  }, async () => {
    const { clientId, verifier, code } = await freshCode();
    const first = await exchange(clientId, code, verifier);
    const second = await refresh(clientId, String(first.body.refresh_token));
    expect(second.status).toBe(200);
    expect(await mcpStatus(second.body.access_token)).toBe(200);
    const reuse = await refresh(clientId, String(first.body.refresh_token));
    expect(reuse.body.error).toBe("invalid_grant");
    expect(await stillWorking(clientId, [first, second])).toEqual([]);
  });
});
