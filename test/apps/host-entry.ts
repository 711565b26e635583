/**
 * The test host's page script: ext-apps' own host side (AppBridge) around the views iframe. Tool
 * calls and messages from the view go to functions the test exposes (a real MCP client in Node).
 * Bundled by test/helpers/apps.ts for the browser.
 */
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

interface HostConfig {
  html: string;
  tool: { name: string; inputSchema: { type: "object" } };
  input: Record<string, unknown>;
  result: Record<string, unknown>;
  theme: "light" | "dark";
  locale: string;
  /** Whether the host announces downloadFile (and takes ui/download-file requests). */
  downloads: boolean;
}

declare global {
  interface Window {
    startHost(config: HostConfig): Promise<void>;
    hostCallTool(params: unknown): Promise<Record<string, unknown>>;
    hostMessage(params: unknown): Promise<void>;
    hostDownload(params: unknown): Promise<void>;
    /** Changes the host's context as a host does when the person switches theme or language. */
    changeHost(change: Pick<HostConfig, "theme" | "locale">): void;
  }
}

window.startHost = async (config) => {
  const iframe = document.getElementById("view") as HTMLIFrameElement;
  const context = () => ({
    theme: config.theme,
    locale: config.locale,
    toolInfo: { tool: config.tool as never },
    displayMode: "inline" as const,
    containerDimensions: { maxHeight: 4000, width: iframe.clientWidth },
  });
  const bridge = new AppBridge(
    null,
    { name: "invoicing-test-host", version: "1.0.0" },
    { serverTools: {}, message: { text: {} }, ...(config.downloads ? { downloadFile: {} } : {}) },
    { hostContext: context() },
  );
  window.changeHost = (change) => {
    Object.assign(config, change);
    bridge.setHostContext(context());
  };
  bridge.oncalltool = async (params) => (await window.hostCallTool(params)) as never;
  bridge.onmessage = async (params) => {
    await window.hostMessage(params);
    return {};
  };
  if (config.downloads)
    bridge.ondownloadfile = async (params) => {
      await window.hostDownload(params);
      return {};
    };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) iframe.style.height = `${Math.ceil(height)}px`;
  };
  const ready = new Promise<void>((resolve) => {
    bridge.oninitialized = () => {
      void bridge
        .sendToolInput({ arguments: config.input })
        .then(() => bridge.sendToolResult(config.result as never))
        .then(() => resolve());
    };
  });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  iframe.srcdoc = config.html;
  await ready;
};
