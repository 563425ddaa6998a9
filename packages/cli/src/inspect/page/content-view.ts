import { h, jsonBlock } from './dom.js';

/**
 * Results as a person reads them: a tool's content blocks (text, images and audio from their
 * base64 data, links, embedded resources), its structured content, a prompt's messages, a
 * resource's contents. Text is always text: HTML a server sends is shown, never rendered.
 */

type Block = Record<string, unknown>;

const MEDIA = /^[a-z]+\/[a-z0-9.+-]+$/i;

function dataUrl(mime: unknown, data: unknown): string | undefined {
  if (typeof mime !== 'string' || !MEDIA.test(mime) || typeof data !== 'string' || !/^[A-Za-z0-9+/=\s]*$/.test(data)) return undefined;
  return `data:${mime};base64,${data.replace(/\s/g, '')}`;
}

function resourceContents(contents: Block): HTMLElement {
  const uri = String(contents.uri ?? '');
  const mime = typeof contents.mimeType === 'string' ? contents.mimeType : undefined;
  if (typeof contents.text === 'string') {
    return h(
      'div',
      { class: 'block' },
      h('div', { class: 'block-label' }, uri, mime && ` (${mime})`),
      h('pre', { class: 'text', testid: 'content-text' }, contents.text),
    );
  }
  const blob = typeof contents.blob === 'string' ? contents.blob : '';
  const url = mime?.startsWith('image/') ? dataUrl(mime, blob) : undefined;
  return h(
    'div',
    { class: 'block' },
    h('div', { class: 'block-label' }, uri, mime && ` (${mime})`, ` — ${Math.floor((blob.length * 3) / 4)} bytes`),
    url && h('img', { src: url, class: 'media' }),
  );
}

function contentBlock(block: Block): HTMLElement {
  switch (block.type) {
    case 'text':
      return h('pre', { class: 'text', testid: 'content-text' }, String(block.text ?? ''));
    case 'image': {
      const url = dataUrl(block.mimeType, block.data);
      return url ? h('img', { src: url, class: 'media', title: String(block.mimeType) }) : h('p', { class: 'muted' }, 'an image the page cannot show');
    }
    case 'audio': {
      const url = dataUrl(block.mimeType, block.data);
      return url ? h('audio', { src: url, controls: true }) : h('p', { class: 'muted' }, 'audio the page cannot play');
    }
    case 'resource_link':
      return h(
        'p',
        { class: 'link-block' },
        '🔗 ',
        h('code', null, String(block.uri)),
        block.name ? ` — ${String(block.name)}` : '',
        block.description ? `: ${String(block.description)}` : '',
      );
    case 'resource':
      return resourceContents((block.resource ?? {}) as Block);
    default:
      return jsonBlock(block, `a ${String(block.type)} block`, true);
  }
}

/** A `CallToolResult`. */
export function toolResult(result: Readonly<Record<string, unknown>>): HTMLElement {
  const content = Array.isArray(result.content) ? (result.content as Block[]) : [];
  return h(
    'div',
    { class: `result ${result.isError ? 'is-error' : ''}`, testid: 'call-result' },
    result.isError === true && h('p', { class: 'error-box' }, 'The tool reported an error (isError): the call itself worked.'),
    content.map(contentBlock),
    result.structuredContent !== undefined && jsonBlock(result.structuredContent, 'structuredContent', true),
    jsonBlock(result, 'the result as sent'),
  );
}

/** A `GetPromptResult`. */
export function promptResult(result: Readonly<Record<string, unknown>>): HTMLElement {
  const messages = Array.isArray(result.messages) ? (result.messages as Block[]) : [];
  return h(
    'div',
    { class: 'result', testid: 'call-result' },
    typeof result.description === 'string' && h('p', { class: 'muted' }, result.description),
    messages.map((m) =>
      h('div', { class: `message role-${String(m.role)}` }, h('div', { class: 'block-label' }, String(m.role)), contentBlock((m.content ?? {}) as Block)),
    ),
    jsonBlock(result, 'the result as sent'),
  );
}

/** A `ReadResourceResult`. */
export function readResult(result: Readonly<Record<string, unknown>>): HTMLElement {
  const contents = Array.isArray(result.contents) ? (result.contents as Block[]) : [];
  return h('div', { class: 'result', testid: 'call-result' }, contents.map(resourceContents), jsonBlock(result, 'the result as sent'));
}
