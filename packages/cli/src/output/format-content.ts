import type { CallToolResult, ContentBlock, GetPromptResult, ReadResourceResult, ResourceContents } from '@mcpkit/schema';
import type { Style } from './style.js';

/**
 * Human views of what tools, prompts and resources return: text as it is, binary content as its
 * type and size (never dumped on a terminal), structured content as indented JSON.
 */

/** Bytes of base64 data without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : bytes < 1 << 20 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / (1 << 20)).toFixed(1)} MiB`;
}

/** One resource content: its text, or a line describing its binary data. */
export function formatResourceContents(contents: ResourceContents, style: Style): string {
  const header = style.dim(`── ${contents.uri}${contents.mimeType ? ` (${contents.mimeType})` : ''}`);
  if ('text' in contents && typeof contents.text === 'string') return `${header}\n${contents.text}`;
  if ('blob' in contents && typeof contents.blob === 'string') return `${header}\n${style.dim(`[binary, ${size(base64Bytes(contents.blob))}]`)}`;
  return header;
}

/** One content block of a tool result or prompt message. */
export function formatContentBlock(block: ContentBlock, style: Style): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return style.dim(`[${block.type} ${block.mimeType}, ${size(base64Bytes(block.data))}]`);
    case 'resource_link':
      return `${style.cyan(block.uri)}${block.name ? ` ${style.dim(`(${block.name})`)}` : ''}${block.description ? ` ${block.description}` : ''}`;
    case 'resource':
      return formatResourceContents(block.resource, style);
    default:
      return style.dim(JSON.stringify(block));
  }
}

/** A tool result: each block, then the structured content when it says more than the text. */
export function formatCallResult(result: CallToolResult, style: Style): string {
  const parts = result.content.map((block) => formatContentBlock(block, style));
  if (result.structuredContent !== undefined) {
    const json = JSON.stringify(result.structuredContent, null, 2);
    const echoed = result.content.some((block) => block.type === 'text' && block.text.trim() === JSON.stringify(result.structuredContent));
    if (!echoed || parts.length === 0) parts.push(`${style.dim('structured content:')}\n${json}`);
  }
  return parts.length === 0 ? style.dim('(no content)') : parts.join('\n');
}

/** `resources/read`: every content, in order. */
export function formatReadResult(result: ReadResourceResult, style: Style): string {
  return result.contents.length === 0 ? style.dim('(no contents)') : result.contents.map((c) => formatResourceContents(c, style)).join('\n');
}

/** `prompts/get`: the description, then each message with its role. */
export function formatPromptResult(result: GetPromptResult, style: Style): string {
  const lines: string[] = [];
  if (result.description) lines.push(style.dim(result.description));
  for (const message of result.messages) {
    lines.push(`${style.bold(`${message.role}:`)} ${formatContentBlock(message.content, style)}`);
  }
  return lines.join('\n');
}
