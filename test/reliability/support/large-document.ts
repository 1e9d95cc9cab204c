/** A paragraph of about `size` characters with a well-formed block id. */
function paragraph(index: number, size: number) {
  return {
    type: 'paragraph',
    attrs: { id: `b${String(index).padStart(11, '0')}`.slice(0, 12) },
    content: [
      {
        type: 'text',
        text: `Paragraph ${index} `.padEnd(size, 'lorem ipsum dolor sit amet '),
      },
    ],
  };
}

/** About `megabytes` MB (10^6 bytes) of ProseMirror JSON in paragraphs of ~140 characters. */
export function documentOf(megabytes: number) {
  const paragraphBytes = JSON.stringify(paragraph(0, 140)).length + 1;
  const count = Math.round((megabytes * 1_000_000) / paragraphBytes);
  return {
    type: 'doc',
    content: Array.from({ length: count }, (_, index) => paragraph(index, 140)),
  };
}
