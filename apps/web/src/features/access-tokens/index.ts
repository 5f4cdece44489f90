/** Public pieces of the personal access tokens feature (MCP clients). */
export { AccessTokensSection } from "./components/access-tokens-section";
