/**
 * What the global setup shares with the specs (vitest's provide/inject): the running app and
 * the mock provider it is configured with.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The app's origin, e.g. http://127.0.0.1:41234 */
    appUrl: string;
    /** The mock provider's origin; its OpenAI base URL is `${mockUrl}/v1`. */
    mockUrl: string;
    /** The custom endpoint (librechat.yaml) that points at the mock. */
    mockEndpointName: string;
    /** The key the mock expects, as configured for that endpoint. */
    mockApiKey: string;
    /** The loopback OpenID provider the app's OPENID_ISSUER points at (see mock-oidc-server.ts). */
    oidcIssuer: string;
    /** The librechat.yaml `mcpServers` entry served by the loopback mock MCP server. */
    mcpServerName: string;
    /** That server's origin (streamable HTTP at `${mcpUrl}/mcp`), for a spec's own app to name too. */
    mcpUrl: string;
  }
}

export {};
