import { mergeAttributes, Node } from '@tiptap/react';

/**
 * Block nodes for `<video>` and `<audio>` inserted from the attachment dialog; the starter kit has
 * none, and without a node the editor would drop such tags when loading saved content.
 */
const mediaNode = (tag: 'video' | 'audio') =>
  Node.create({
    name: tag,
    group: 'block',
    atom: true,
    draggable: true,
    addAttributes: () => ({ src: { default: null } }),
    parseHTML: () => [{ tag: `${tag}[src]` }],
    renderHTML: ({ HTMLAttributes }) => [
      tag,
      mergeAttributes(HTMLAttributes, { controls: 'true', style: 'max-width:100%' }),
    ],
  });

export const Video = mediaNode('video');
export const Audio = mediaNode('audio');
