/**
 * The live check of a key typed on the authorization page: one cheap read (doctor's probe of
 * GET /api/v1/projects), judged with doctor's own rules, so the page says what doctor would say:
 * an unknown key (401), an expired key or no Pro plan (403), an unreachable service. Nothing is
 * stored until this says yes. The key never appears in what it returns.
 */
import { judgeAnswer, PROBE_PATH } from "../../doctor/answer.js";
import { unreachable } from "../../doctor/network.js";
import { baseUrlPrefix, parseBaseUrl } from "../../http/base-url.js";
import { probe } from "../../http/probe.js";

export type KeyProblem =
  | "unknown-key"
  | "expired"
  | "no-pro"
  | "expired-or-no-pro"
  | "unreachable"
  | "service";

export type KeyVerdict = { ok: true } | { ok: false; problem: KeyProblem; finding: string };

export async function checkKey(baseUrl: string, apiKey: string, timeoutMs: number): Promise<KeyVerdict> {
  const answer = await probe({ baseUrl, path: PROBE_PATH, apiKey, timeoutMs });
  if (!answer.reached) {
    return {
      ok: false,
      problem: "unreachable",
      finding: unreachable(answer.code, baseUrl, timeoutMs).finding,
    };
  }
  const url = `${baseUrlPrefix(parseBaseUrl(baseUrl))}${PROBE_PATH}`;
  const judgement = judgeAnswer(answer, { url, apiKey });
  if (judgement.accepted) return { ok: true };
  const failed = judgement.checks.find((check) => check.status !== "ok");
  const finding = failed?.finding ?? `the service answered HTTP ${answer.status}`;
  if (answer.status === 401) return { ok: false, problem: "unknown-key", finding };
  if (answer.status === 403) {
    // doctor's finding names the cause it could tell from the service's words
    const problem: KeyProblem = / or the account /.test(finding)
      ? "expired-or-no-pro"
      : /expired/.test(finding)
        ? "expired"
        : "no-pro";
    return { ok: false, problem, finding };
  }
  return { ok: false, problem: "service", finding };
}
