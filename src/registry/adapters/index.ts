/** The registry as each surface takes it: the AI SDK's tool set and the MCP server's tools. */
export {
  toAiSdkToolSet,
  toModelOutputWithNotices,
  type ToolModelOutput,
} from './ai-sdk-tool-set';
export { registerMcpTools } from './mcp-tools';
export { toolOutputText } from './tool-output-text';
