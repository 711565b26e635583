/** Why the base URL could not be reached, from the error code, in words a user can act on. */
import type { Check } from "./report.js";

const TLS_CODE = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_|ERR_SSL_|EPROTO$)/;

export function unreachable(code: string, baseUrl: string, timeoutMs: number): Check {
  const host = new URL(baseUrl).host;
  const check = (finding: string, fix: string): Check => ({
    name: "reachable",
    status: "fail",
    finding,
    fix,
  });
  switch (code) {
    case "ECONNREFUSED":
      return check(
        `no: connection refused by ${host} (nothing accepts connections there)`,
        "Check the host and port in INVOICING_BASE_URL and that the service is up.\nFor the local sandbox, start it first: invoicing-mcp sandbox --port 4010",
      );
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return check(
        `no: the host name ${new URL(baseUrl).hostname} was not found (DNS, ${code})`,
        "Check the spelling of the host in INVOICING_BASE_URL, and that this machine is online.",
      );
    case "TIMEOUT":
    case "ETIMEDOUT":
    case "UND_ERR_CONNECT_TIMEOUT":
    case "UND_ERR_HEADERS_TIMEOUT":
      return check(
        `no: ${host} did not answer within ${timeoutMs} ms`,
        "The host may be down, or a firewall, VPN or proxy swallows the connection.\nOn a slow network, raise INVOICING_TIMEOUT_MS (up to 45000).",
      );
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return check(
        `no: no network route to ${host} (${code})`,
        "Check that this machine is online (and the VPN, if the service is only reachable through one).",
      );
    case "ECONNRESET":
    case "UND_ERR_SOCKET":
      return check(
        `no: ${host} closed the connection before answering (${code})`,
        "Often a proxy or firewall, or http:// on a port that speaks https (or the other way round): check INVOICING_BASE_URL.",
      );
    default:
      if (TLS_CODE.test(code)) {
        return check(
          `no: the secure (https) connection to ${host} failed (${code})`,
          "The host's certificate is not trusted or does not match the name. Check the host in INVOICING_BASE_URL.\nBehind a company proxy that inspects https, set NODE_EXTRA_CA_CERTS to its certificate file.",
        );
      }
      return check(
        `no: the connection to ${host} failed (${code})`,
        "Check INVOICING_BASE_URL and this machine's network connection.",
      );
  }
}
