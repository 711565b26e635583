/**
 * The live check of a key typed on the authorization page: one cheap read (doctor's probe of
 * GET /api/v1/projects), judged by doctor's own rules, whose cause the page words in its language:
 * an unknown key (401), an expired key or no Pro plan (403), an unreachable service. Nothing is
 * stored until this says yes. The key never appears in what it returns.
 */
import { judgeAnswer, PROBE_PATH } from "../../doctor/answer.js";
import { baseUrlPrefix, parseBaseUrl } from "../../http/base-url.js";
import { probe } from "../../http/probe.js";

export type KeyProblem =
  | "unknown-key"
  | "expired"
  | "no-pro"
  | "expired-or-no-pro"
  | "unreachable"
  | "service";

export type KeyVerdict =
  | { ok: true }
  | {
      ok: false;
      problem: KeyProblem;
      /** The service's own words about the refusal (its data, redacted), or a network error code. */
      detail: string;
    };

export async function checkKey(baseUrl: string, apiKey: string, timeoutMs: number): Promise<KeyVerdict> {
  const answer = await probe({ baseUrl, path: PROBE_PATH, apiKey, timeoutMs });
  if (!answer.reached) return { ok: false, problem: "unreachable", detail: answer.code };
  const url = `${baseUrlPrefix(parseBaseUrl(baseUrl))}${PROBE_PATH}`;
  const { cause, said } = judgeAnswer(answer, { url, apiKey });
  switch (cause) {
    case "accepted":
      return { ok: true };
    case "unknown-key":
    case "expired":
    case "no-pro":
    case "expired-or-no-pro":
      return { ok: false, problem: cause, detail: said };
    default:
      // Not the API, a redirect, a failure or a limit of the service: nothing the person can fix here.
      return { ok: false, problem: "service", detail: said || `HTTP ${answer.status}` };
  }
}
