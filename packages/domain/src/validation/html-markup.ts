/**
 * A small well-formedness checker for creative HTML markup (§5). The domain package has no DOM, so this
 * scans tags and checks they balance. It is deliberately stricter than browsers: every non-void element
 * must be closed explicitly, which is what ad servers expect from third-party tags.
 */

/** Elements that never have content or an end tag. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  // Obsolete but still met in old ad tags.
  'basefont',
  'bgsound',
  'frame',
  'keygen',
]);

/** Elements whose content is raw text: nothing inside them is a tag until their own end tag. */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes']);

const TAG_NAME = /^[A-Za-z][A-Za-z0-9:_.-]*/;

/** Index just after the `>` that ends a tag opened before `from`, honouring quoted attribute values. */
const findTagEnd = (markup: string, from: number): number => {
  let quote: string | undefined;
  for (let index = from; index < markup.length; index += 1) {
    const char = markup[index];
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '>') {
      return index + 1;
    }
  }
  return -1;
};

/** Index just after `</name>` (case-insensitive), or -1 when the raw-text element is never closed. */
const findRawTextEnd = (markup: string, name: string, from: number): number => {
  const closing = new RegExp(`</${name}(?=[\\s/>])`, 'gi');
  closing.lastIndex = from;
  const match = closing.exec(markup);
  if (match === null) return -1;
  return findTagEnd(markup, match.index + match[0].length);
};

/** True when every tag is closed, in order, and every comment, declaration and quoted value ends. */
export const isWellFormedHtml = (markup: string): boolean => {
  const open: string[] = [];
  let index = 0;
  while (index < markup.length) {
    const start = markup.indexOf('<', index);
    if (start === -1) break;
    const rest = markup.slice(start + 1);

    if (rest.startsWith('!--')) {
      const end = markup.indexOf('-->', start + 4);
      if (end === -1) return false;
      index = end + 3;
    } else if (rest.startsWith('![CDATA[')) {
      const end = markup.indexOf(']]>', start);
      if (end === -1) return false;
      index = end + 3;
    } else if (rest.startsWith('!') || rest.startsWith('?')) {
      // <!DOCTYPE html>, <?xml …?>
      const end = findTagEnd(markup, start + 1);
      if (end === -1) return false;
      index = end;
    } else if (rest.startsWith('/')) {
      const name = TAG_NAME.exec(rest.slice(1))?.[0]?.toLowerCase();
      if (name === undefined) return false;
      const end = findTagEnd(markup, start + 2 + name.length);
      if (end === -1) return false;
      // Browsers ignore an end tag of a void element (</br>, </img>); so do we.
      if (!VOID_ELEMENTS.has(name)) {
        if (open.pop() !== name) return false;
      }
      index = end;
    } else {
      const name = TAG_NAME.exec(rest)?.[0]?.toLowerCase();
      if (name === undefined) {
        // A lone "<" (as in "a < b") is text.
        index = start + 1;
        continue;
      }
      const end = findTagEnd(markup, start + 1 + name.length);
      if (end === -1) return false;
      const isSelfClosing = markup
        .slice(start, end - 1)
        .trimEnd()
        .endsWith('/');
      index = end;
      if (isSelfClosing || VOID_ELEMENTS.has(name)) continue;
      if (RAW_TEXT_ELEMENTS.has(name)) {
        const rawEnd = findRawTextEnd(markup, name, index);
        if (rawEnd === -1) return false;
        index = rawEnd;
      } else {
        open.push(name);
      }
    }
  }
  return open.length === 0;
};

/** The §5 rule: once trimmed, the markup starts with < and ends with >, and it is well formed. */
export const isValidHtmlMarkup = (markup: string): boolean => {
  const trimmed = markup.trim();
  return trimmed.startsWith('<') && trimmed.endsWith('>') && isWellFormedHtml(trimmed);
};
